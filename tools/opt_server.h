/* opt_server.h - a resident ind-opt: start-up paid once, each compile in a warm process.
 *
 * `ind-opt --serve=SOCKET` starts once (static initialisers, registrations, one context kept for every
 * request, one warm-up compile that sets up LLVM's NVPTX back end), then listens on a Unix socket.
 * `ind-opt --server=SOCKET ARGS` (or $IND_OPT_SERVER) sends ARGS, its working folder, umask and
 * environment, and its standard input, output and error (the descriptors themselves, SCM_RIGHTS); a worker
 * of the server (a fork of the warm process, kept) runs ind-opt's main on them, and the client exits with
 * its status; when every worker is busy, or the server is another build of ind-opt, the client compiles
 * itself. The
 * client does this from ind-opt's early constructor, before LLVM's and MLIR's static initialisers: its cost
 * is a process start and a connect. Runs with --load-pass-plugin are not forwarded (the plugin would stay
 * in the server). docs/tools/compile-server.md. */
#ifndef IND_TOOLS_OPT_SERVER_H
#define IND_TOOLS_OPT_SERVER_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

#define IND_OPT_SERVE_FLAG "--serve="
#define IND_OPT_SERVER_FLAG "--server="
#define IND_OPT_SERVE_IDLE_FLAG "--serve-idle="
#define IND_OPT_SERVE_WORKERS_FLAG "--serve-workers="
#define IND_OPT_SERVE_RECYCLE_FLAG "--serve-recycle="
#define IND_OPT_SERVER_ENV "IND_OPT_SERVER"

/* Whether a is one of the flags above (which parse_args skips: read here). */
bool ind_opt_server_flag(const char *a);

/* The client. When the run names a server (--server=SOCKET, else $IND_OPT_SERVER; not for --serve, --help,
 * --list-passes, --load-pass-plugin or --no-server), sends it the run and returns true with the compile's
 * exit status in *status (1 with a note when the server stopped before it answered). False when no server
 * is named, or it cannot be reached or take the request (then a note on stderr says so and the caller
 * compiles here). */
bool ind_opt_server_forward(int argc, char **argv, int *status);

/* The server's settings (--serve=, --serve-idle=, --serve-workers=, --serve-recycle=). */
typedef struct IndServeOptions {
  const char *path;             /* the socket */
  int idle_s;                   /* leave after this many seconds without a request (0: never) */
  int workers;                  /* requests at once, each in a worker process; more compile in their own */
  int recycle;                  /* requests a worker serves before a fresh fork replaces it */
  int (*main_fn)(int, char **); /* ind-opt's main, run for each request */
  void (*warm_up)(void);        /* a compile run once before the workers are forked */
} IndServeOptions;

/* The server: serves o->path until SIGTERM or SIGINT, or until idle, then removes the socket. Each request
 * runs in a worker (a fork of this process after the warm-up, kept for later requests); a request that
 * finds o->workers of them busy gets a "busy" answer and compiles in its own process. Returns the exit
 * status (1 when the socket cannot be made; a message on stderr says why). */
int ind_opt_serve(const IndServeOptions *o);

#ifdef __cplusplus
}
#endif

#endif
