# Fails when a public header is not reachable from the two umbrella headers (tfpp/tfpp.h and
# tfpp/keras/keras.h), so a user who includes them sees every public declaration.
# cmake -DINCLUDE_DIR=<repo>/include -P check_umbrella_headers.cmake
#
# Adding a header to tfpp.h recompiles every object that includes it (nearly all tests, in the
# plain and the sanitizer builds), so a header added late in a session may wait in
# umbrella_pending.txt for the next umbrella change; that list must hold only headers the umbrella
# headers do not reach yet.
file(GLOB_RECURSE public_headers RELATIVE ${INCLUDE_DIR} ${INCLUDE_DIR}/tfpp/*.h)
set(reached "")
set(pending tfpp/tfpp.h tfpp/keras/keras.h)
while(pending)
  list(POP_FRONT pending header)
  if(header IN_LIST reached OR NOT EXISTS ${INCLUDE_DIR}/${header})
    continue()
  endif()
  list(APPEND reached ${header})
  file(STRINGS ${INCLUDE_DIR}/${header} includes REGEX "^#include [<\"]tfpp/")
  foreach(line IN LISTS includes)
    string(REGEX REPLACE "^#include [<\"](tfpp/[^>\"]+)[>\"].*" "\\1" included "${line}")
    list(APPEND pending ${included})
  endforeach()
endwhile()
file(STRINGS ${CMAKE_CURRENT_LIST_DIR}/umbrella_pending.txt waiting REGEX "^tfpp/")
foreach(header IN LISTS waiting)
  if(header IN_LIST reached)
    message(FATAL_ERROR "${header} is in umbrella_pending.txt but the umbrella headers include it: remove the line")
  endif()
  if(NOT header IN_LIST public_headers)
    message(FATAL_ERROR "umbrella_pending.txt names ${header}, which is not a public header")
  endif()
endforeach()
list(REMOVE_ITEM public_headers ${reached} ${waiting})
if(public_headers)
  list(JOIN public_headers "\n  " unreached)
  message(FATAL_ERROR "public headers that neither tfpp/tfpp.h nor tfpp/keras/keras.h includes:\n  ${unreached}")
endif()
