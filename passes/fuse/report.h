/* report.h - `ind-opt --fusion-report[=DIR]`: the fusion strategies side by side (report.c). */
#ifndef IND_PASSES_FUSE_REPORT_H
#define IND_PASSES_FUSE_REPORT_H

/* Where the report writes its DOT/SVG pictures (NULL or "": no pictures). */
void ind_fusion_report_set_dir(const char *dir);

#endif
