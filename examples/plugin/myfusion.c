/* myfusion.c - an out-of-tree fusion strategy for ind, built against the installed <ind/fusion.h>
 * only (see CMakeLists.txt and docs/passes/fuse.md, "Writing a fusion pass").
 *
 * `--fuse=producer{max-size=N}`: every node, in topological order, joins the kernel of the producer of
 * its first computed input when ind's legality checks allow it and the kernel stays within N nodes.
 *
 *     ind-opt --load-pass-plugin=./libmyfusion.so prog.mlir --fuse=producer{max-size=8} */
#include <ind/fusion.h>

#ifndef MYFUSION_API_VERSION
#define MYFUSION_API_VERSION IND_PLUGIN_API_VERSION /* tests build a mismatching one */
#endif

static int fuse_into_producer(IndFusionGraph *g, const IndFusionOptions *opts) {
  int64_t max_size = ind_fusion_opt_int(opts, "max-size");
  for (int base = 0; base < ind_fusion_num_base_nodes(g); ++base) {
    if (ind_fusion_num_producers(g, base) == 0)
      continue;
    int a = ind_fusion_resolve(g, ind_fusion_producer(g, base, 0)), b = ind_fusion_resolve(g, base);
    if (a == b || ind_fusion_node_size(g, a) + ind_fusion_node_size(g, b) > max_size)
      continue;
    if (ind_fusion_can_fuse(g, a, b)) {
      ind_fusion_log(g, "producer: fusing %s with %s", ind_fusion_node_name(g, a), ind_fusion_node_name(g, b));
      ind_fusion_fuse(g, a, b);
    }
  }
  return 0;
}

static const IndFusionOptionDef k_options[] = {
    {"max-size", IND_FUSION_OPT_INT, IND_FUSION_STR(IND_FUSION_MAX_KERNEL_NODES), "most scheduler nodes in one kernel"},
    {0, 0, 0, 0}};

static const IndFusionStrategyDef k_producer = {"producer", "Fuse each node into the producer of its first input",
                                                k_options, fuse_into_producer, 0};

static void register_strategies(void) { ind_fusion_register_strategy(&k_producer); }

IND_PLUGIN_EXPORT IndPluginInfo indGetPluginInfo(void) {
  IndPluginInfo info = {MYFUSION_API_VERSION, "myfusion", "1.0", register_strategies};
  return info;
}
