/* startup.c - see startup.h. */
#define _GNU_SOURCE
#include "tools/startup.h"

#include <link.h>
#include <malloc.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#ifndef MADV_POPULATE_READ /* Linux 5.14; older headers */
#define MADV_POPULATE_READ 22
#define MADV_POPULATE_WRITE 23
#endif

/* True when at least 3/4 of [lo, hi) looks to be in the page cache: mincore on IND_STARTUP_SAMPLES
 * spread windows of 16 pages (the whole range would cost ~1 ms: one page-cache lookup per page). */
#define IND_STARTUP_SAMPLES 8
static bool mostly_resident(uintptr_t lo, uintptr_t hi, uintptr_t page) {
  unsigned char vec[16];
  size_t n = 0, in = 0, pages = (hi - lo) / page;
  for (size_t k = 0; k < IND_STARTUP_SAMPLES; ++k) {
    uintptr_t a = lo + (pages * k / IND_STARTUP_SAMPLES) * page;
    size_t len = hi - a < 16 * page ? (hi - a) / page : 16;
    if (len == 0 || mincore((void *)a, len * page, vec) != 0)
      return false;
    for (size_t i = 0; i < len; ++i)
      in += vec[i] & 1;
    n += len;
  }
  return n && in * 4 >= n * 3;
}

static void populate(uintptr_t lo, uintptr_t hi, int advice) {
  if (hi > lo)
    (void)madvise((void *)lo, hi - lo, advice);
}

/* The first object dl_iterate_phdr reports is the executable itself. */
static int populate_executable(struct dl_phdr_info *info, size_t size, void *user) {
  (void)size;
  (void)user;
  uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
  uintptr_t relro_lo = 0, relro_hi = 0;
  for (int i = 0; i < info->dlpi_phnum; ++i)
    if (info->dlpi_phdr[i].p_type == PT_GNU_RELRO) {
      relro_lo = (info->dlpi_addr + info->dlpi_phdr[i].p_vaddr) & ~(page - 1);
      relro_hi = (info->dlpi_addr + info->dlpi_phdr[i].p_vaddr + info->dlpi_phdr[i].p_memsz) & ~(page - 1);
    }
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    if (ph->p_type != PT_LOAD)
      continue;
    uintptr_t lo = (info->dlpi_addr + ph->p_vaddr) & ~(page - 1);
    uintptr_t hi = (info->dlpi_addr + ph->p_vaddr + ph->p_memsz + page - 1) & ~(page - 1);
    if (!(ph->p_flags & PF_W)) {
      if (mostly_resident(lo, hi, page))
        populate(lo, hi, MADV_POPULATE_READ);
      else
        populate(lo, hi, MADV_WILLNEED); /* read ahead in the background: the next start finds it cached */
      continue;
    }
    /* The RELRO part is read-only by now (the loader protected it): read it; write the rest (.data, .bss). */
    if (relro_lo >= lo && relro_hi > relro_lo && relro_hi <= hi) {
      populate(lo, relro_hi, MADV_POPULATE_READ);
      lo = relro_hi;
    }
    populate(lo, hi, MADV_POPULATE_WRITE);
  }
  return 1;
}

/* Grows the heap once and populates the new part; keeps it (no trim) and serves requests below the mmap
 * threshold from it. Under a sanitizer (its own allocator) the break does not move and nothing happens. */
static void populate_heap(void) {
  (void)mallopt(M_TRIM_THRESHOLD, 64 << 20);
  (void)mallopt(M_MMAP_THRESHOLD, IND_STARTUP_MMAP_THRESHOLD);
  uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
  uintptr_t before = (uintptr_t)sbrk(0);
  void *volatile block = malloc(IND_STARTUP_HEAP_BYTES); /* volatile: a malloc/free pair may be elided */
  free(block);
  uintptr_t after = (uintptr_t)sbrk(0);
  if (before == (uintptr_t)-1 || after == (uintptr_t)-1 || after <= before)
    return;
  populate((before + page - 1) & ~(page - 1), after & ~(page - 1), MADV_POPULATE_WRITE);
}

void ind_tool_startup(void) {
  static bool done;
  const char *off = getenv("IND_PREFAULT");
  if (done || (off && !strcmp(off, "0")))
    return;
  done = true;
  dl_iterate_phdr(populate_executable, NULL);
  populate_heap();
}
