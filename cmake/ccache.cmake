# Compiles through ccache when it is installed. ccache is told to rewrite the paths under the
# source tree relative to the build directory and to leave the working directory out of its hash,
# so every clone of the repository shares the cached objects of a build directory of the same name:
# CI's clean clone in another place hits what a developer's build (or a worktree's) compiled.
# The debug line tables of a shared object then name the directory of whichever clone compiled it
# first; the file names in them are relative to it.
find_program(CCACHE_PROGRAM ccache)
if(CCACHE_PROGRAM)
  cmake_path(ABSOLUTE_PATH CMAKE_CURRENT_LIST_DIR OUTPUT_VARIABLE tfpp_ccache_list_dir NORMALIZE)
  cmake_path(GET tfpp_ccache_list_dir PARENT_PATH tfpp_ccache_base_dir)
  set(CMAKE_CXX_COMPILER_LAUNCHER env CCACHE_BASEDIR=${tfpp_ccache_base_dir} CCACHE_NOHASHDIR=1
      ${CCACHE_PROGRAM})
endif()
