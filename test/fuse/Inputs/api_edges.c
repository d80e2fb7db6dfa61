/* api_edges.c - a fusion plugin that logs what the plugin API answers for ids that are not live nodes
 * (test/fuse/plugin-api-edges.test); it fuses base nodes 0 and 1 when they may share a kernel. */
#include <ind/fusion.h>

static int probe(IndFusionGraph *g, const IndFusionOptions *opts) {
  ind_fusion_log(g, "edges: ratio = %g", ind_fusion_opt_float(opts, "ratio"));
  int n = ind_fusion_num_base_nodes(g), a = ind_fusion_resolve(g, 0);
  ind_fusion_log(g, "edges: resolve(-1) = %d, resolve(n) = %d", ind_fusion_resolve(g, -1), ind_fusion_resolve(g, n));
  ind_fusion_log(g, "edges: name(-1) = '%s', size(-1) = %d", ind_fusion_node_name(g, -1), ind_fusion_node_size(g, -1));
  ind_fusion_log(g, "edges: producers(-1) = %d, producer(0, 99) = %d", ind_fusion_num_producers(g, -1),
                 ind_fusion_producer(g, 0, 99));
  ind_fusion_log(g, "edges: can_fuse(-1, a) = %d", ind_fusion_can_fuse(g, -1, a));
  ind_fusion_log(g, "edges: fuse(a, a) = %d, fuse(-1, a) = %d, fuse(a, 1000) = %d", ind_fusion_fuse(g, a, a),
                 ind_fusion_fuse(g, -1, a), ind_fusion_fuse(g, a, 1000));
  int b = ind_fusion_resolve(g, 1);
  if (n < 2 || !ind_fusion_can_fuse(g, a, b))
    return 0;
  int f = ind_fusion_fuse(g, a, b);
  ind_fusion_log(g, "edges: fused %s, alive: %d; fuse(a, fused) = %d, fuse(fused, b) = %d", ind_fusion_node_name(g, f),
                 ind_fusion_resolve(g, 0) == f, ind_fusion_fuse(g, a, f), ind_fusion_fuse(g, f, b));
  return 0;
}

static const IndFusionOptionDef k_options[] = {{"ratio", IND_FUSION_OPT_FLOAT, "0.5", "a number option, logged"},
                                               {0, 0, 0, 0}};

static const IndFusionStrategyDef k_edges = {"edges", "Log the API's answers for bad ids; fuse nodes 0 and 1",
                                             k_options, probe, 0};

static void register_strategies(void) { ind_fusion_register_strategy(&k_edges); }

IND_PLUGIN_EXPORT IndPluginInfo indGetPluginInfo(void) {
  IndPluginInfo info = {IND_PLUGIN_API_VERSION, "api_edges", "1.0", register_strategies};
  return info;
}
