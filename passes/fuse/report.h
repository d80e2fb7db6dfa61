/* report.h - `ind-opt --fusion-report[=DIR]`: the fusion strategies side by side (report.c). */
#ifndef IND_PASSES_FUSE_REPORT_H
#define IND_PASSES_FUSE_REPORT_H

#ifdef __cplusplus
extern "C" {
#endif

/* Where the report writes its DOT/SVG pictures (NULL or "": no pictures). */
void ind_fusion_report_set_dir(const char *dir);

#ifdef __cplusplus
}
#endif

#endif
