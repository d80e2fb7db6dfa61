# The CMake package of ind's fusion plugin API (include/ind/fusion.h): find_package(IndFusion) gives
# IndFusion::headers. A plugin links nothing of ind: ind-opt resolves the API when it loads it.
get_filename_component(_ind_fusion_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
if(NOT TARGET IndFusion::headers)
  add_library(IndFusion::headers INTERFACE IMPORTED)
  set_target_properties(IndFusion::headers PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${_ind_fusion_prefix}/include")
endif()
set(IndFusion_PLUGIN_API_VERSION 1)
unset(_ind_fusion_prefix)
