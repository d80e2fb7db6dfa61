/* opt_server.c - a resident ind-opt (tools/opt_server.h, docs/tools/compile-server.md).
 *
 * The request, on a Unix stream socket: a header (magic, version, umask, payload bytes) and the payload,
 * NUL-separated strings: the client's working folder, the number of arguments, the arguments (its
 * --server= left out), then its environment (NAME=VALUE, but IND_OPT_SERVER); its descriptors 0, 1 and 2
 * ride along as SCM_RIGHTS. A server of another ind-opt build (the executable's identity in the header)
 * answers IND_SERVE_OTHER_BUILD. The answer: the compile's exit status, 4 bytes. Only a client of the server's own
 * user is served (SO_PEERCRED); the socket is made mode 0600. The server accepts and hands each connection
 * to an idle worker, a fork of itself made after the warm-up that serves requests one at a time in its own
 * process (a fork per request cost more in copied pages than the start-up it saves); with every worker busy
 * it answers IND_SERVE_BUSY and the client compiles itself, so that no request ever waits for another (in
 * `ind-opt a | ind-opt -`, the second reads what the first writes). docs/tools/compile-server.md. */
#define _GNU_SOURCE
#include "tools/opt_server.h"

#include "lib/compile_cache.h"
#include "lib/ir.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAGIC 0x53444e49u /* "INDS" */
#define VERSION 3u
#define MAX_PAYLOAD (1u << 20)
#define IND_SERVE_BUSY INT32_MIN              /* the status that tells a client to compile itself */
#define IND_SERVE_OTHER_BUILD (INT32_MIN + 1) /* the same, from a server of another ind-opt build */

extern char **environ;

typedef struct Header {
  uint32_t magic, version, umask, payload;
  char build[IND_CACHE_KEY_HEX + 1]; /* the client's build (a server of another build refuses) */
} Header;

/* This process's build as the compiled-output cache keys it (ind_cache_key_add_build: the executable and
 * its loaded shared objects), hashed; empty when /proc/self/exe cannot be examined. */
static void build_identity(char id[IND_CACHE_KEY_HEX + 1]) {
  IndCacheKey k;
  ind_cache_key_init(&k);
  memset(id, 0, IND_CACHE_KEY_HEX + 1);
  if (ind_cache_key_add_build(&k))
    ind_cache_key_finish(&k, id);
}

bool ind_opt_server_flag(const char *a) {
  return !strncmp(a, IND_OPT_SERVE_FLAG, strlen(IND_OPT_SERVE_FLAG)) ||
         !strncmp(a, IND_OPT_SERVER_FLAG, strlen(IND_OPT_SERVER_FLAG)) ||
         !strncmp(a, IND_OPT_SERVE_IDLE_FLAG, strlen(IND_OPT_SERVE_IDLE_FLAG)) ||
         !strncmp(a, IND_OPT_SERVE_WORKERS_FLAG, strlen(IND_OPT_SERVE_WORKERS_FLAG)) ||
         !strncmp(a, IND_OPT_SERVE_RECYCLE_FLAG, strlen(IND_OPT_SERVE_RECYCLE_FLAG)) || !strcmp(a, "--no-server");
}

/* Appends s and its NUL to the payload. */
static void put(IndStrBuf *b, const char *s) { ind_strbuf_append(b, s, strlen(s) + 1); }

static bool write_all(int fd, const void *p, size_t n) {
  const char *c = p;
  while (n > 0) {
    ssize_t w = send(fd, c, n, MSG_NOSIGNAL);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0)
      return false;
    c += w;
    n -= (size_t)w;
  }
  return true;
}

static bool read_all(int fd, void *p, size_t n) {
  char *c = p;
  while (n > 0) {
    ssize_t r = read(fd, c, n);
    if (r < 0 && errno == EINTR)
      continue;
    if (r <= 0)
      return false;
    c += r;
    n -= (size_t)r;
  }
  return true;
}

static bool socket_address(const char *path, struct sockaddr_un *sa) {
  memset(sa, 0, sizeof *sa);
  sa->sun_family = AF_UNIX;
  if (strlen(path) >= sizeof sa->sun_path)
    return false;
  strcpy(sa->sun_path, path);
  return true;
}

#define MAX_FDS 3 /* descriptors one message carries: a request's 0, 1 and 2 */

/* Sends len bytes, the n (<= MAX_FDS) descriptors fds attached to the first of them (SCM_RIGHTS). */
static bool send_with_fds(int sock, const void *data, size_t len, const int *fds, int n) {
  union {
    struct cmsghdr align;
    char buf[CMSG_SPACE(MAX_FDS * sizeof(int))];
  } ctl;
  memset(&ctl, 0, sizeof ctl);
  struct iovec iov = {(void *)data, len};
  struct msghdr m = {
      .msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl.buf, .msg_controllen = CMSG_SPACE((size_t)n * sizeof(int))};
  struct cmsghdr *c = CMSG_FIRSTHDR(&m);
  c->cmsg_level = SOL_SOCKET;
  c->cmsg_type = SCM_RIGHTS;
  c->cmsg_len = CMSG_LEN((size_t)n * sizeof(int));
  memcpy(CMSG_DATA(c), fds, (size_t)n * sizeof(int));
  ssize_t w;
  while ((w = sendmsg(sock, &m, MSG_NOSIGNAL)) < 0 && errno == EINTR)
    ;
  return w > 0 && write_all(sock, (const char *)data + w, len - (size_t)w);
}

/* Receives len bytes and the n (<= MAX_FDS) descriptors sent with them into fds. False when either falls
 * short; then no received descriptor is left open. */
static bool recv_with_fds(int sock, void *data, size_t len, int *fds, int n) {
  union {
    struct cmsghdr align;
    char buf[CMSG_SPACE(MAX_FDS * sizeof(int))];
  } ctl;
  struct iovec iov = {data, len};
  struct msghdr m = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl.buf, .msg_controllen = sizeof ctl.buf};
  ssize_t r;
  while ((r = recvmsg(sock, &m, MSG_CMSG_CLOEXEC)) < 0 && errno == EINTR)
    ;
  struct cmsghdr *c = r > 0 ? CMSG_FIRSTHDR(&m) : NULL;
  int got = 0;
  if (c && c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS && c->cmsg_len >= CMSG_LEN(0)) {
    got = (int)((c->cmsg_len - CMSG_LEN(0)) / sizeof(int));
    memcpy(fds, CMSG_DATA(c), (size_t)(got < n ? got : n) * sizeof(int));
  }
  if (got == n && read_all(sock, (char *)data + r, len - (size_t)r))
    return true;
  int extra[MAX_FDS];
  if (got > 0 && got <= MAX_FDS) {
    memcpy(extra, CMSG_DATA(c), (size_t)got * sizeof(int));
    for (int i = 0; i < got; ++i)
      close(extra[i]);
  }
  return false;
}

/* ------------------------------------------------------------------------------------------- client */

/* The server the run names, or NULL. */
static const char *named_server(int argc, char **argv) {
  const char *path = NULL;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    if (!strncmp(a, IND_OPT_SERVE_FLAG, strlen(IND_OPT_SERVE_FLAG)) || !strcmp(a, "--no-server") ||
        !strcmp(a, "--help") || !strcmp(a, "-h") || !strcmp(a, "--list-passes") ||
        !strncmp(a, "--load-pass-plugin=", 19)) /* a plugin would stay loaded in the server */
      return NULL;
    if (!strncmp(a, IND_OPT_SERVER_FLAG, strlen(IND_OPT_SERVER_FLAG)))
      path = a + strlen(IND_OPT_SERVER_FLAG);
  }
  if (!path)
    path = getenv(IND_OPT_SERVER_ENV);
  return path && *path ? path : NULL;
}

/* Whether argument i travels to the server (all but --server=). */
static bool forwarded(char **argv, int i) {
  return i == 0 || strncmp(argv[i], IND_OPT_SERVER_FLAG, strlen(IND_OPT_SERVER_FLAG)) != 0;
}

static bool send_request(int fd, int argc, char **argv) {
  char cwd[4096];
  if (!getcwd(cwd, sizeof cwd))
    return false;
  IndStrBuf b = {0};
  put(&b, cwd);
  int n = 0;
  for (int i = 0; i < argc; ++i)
    n += forwarded(argv, i);
  char count[16];
  snprintf(count, sizeof count, "%d", n);
  put(&b, count);
  for (int i = 0; i < argc; ++i)
    if (forwarded(argv, i))
      put(&b, argv[i]);
  for (char **e = environ; e && *e; ++e)
    if (strncmp(*e, IND_OPT_SERVER_ENV "=", strlen(IND_OPT_SERVER_ENV) + 1) != 0)
      put(&b, *e);
  mode_t mask = umask(0);
  umask(mask);
  Header h = {MAGIC, VERSION, (uint32_t)mask, (uint32_t)b.len, {0}};
  build_identity(h.build);
  int fds[3] = {0, 1, 2};
  bool ok = b.len <= MAX_PAYLOAD && send_with_fds(fd, &h, sizeof h, fds, 3) && write_all(fd, b.data, b.len);
  ind_strbuf_free(&b);
  return ok;
}

bool ind_opt_server_forward(int argc, char **argv, int *status) {
  const char *path = named_server(argc, argv);
  struct sockaddr_un sa;
  if (!path)
    return false;
  int fd = -1;
  if (!socket_address(path, &sa)) {
    fprintf(stderr, "ind-opt: the compile server's socket path is too long (%s); compiling here\n", path);
    return false;
  }
  fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0 || connect(fd, (struct sockaddr *)&sa, sizeof sa) != 0) {
    fprintf(stderr, "ind-opt: no compile server at %s (%s); compiling here\n", path, strerror(errno));
    if (fd >= 0)
      close(fd);
    return false;
  }
  bool sent = send_request(fd, argc, argv);
  int err = errno;
  int32_t st;
  bool answered = read_all(fd, &st, sizeof st); /* a busy server may answer before it read all we sent */
  close(fd);
  if (answered && st == IND_SERVE_BUSY) /* every worker busy: compile here, no note (it is normal) */
    return false;
  if (answered && st == IND_SERVE_OTHER_BUILD) {
    fprintf(stderr, "ind-opt: the compile server at %s runs another build of ind-opt; compiling here\n", path);
    return false;
  }
  if (!sent) {
    fprintf(stderr, "ind-opt: the compile server at %s did not take the request (%s); compiling here\n", path,
            strerror(err));
    return false;
  }
  if (!answered) { /* the server may have written part of the output: compiling again could duplicate it */
    fprintf(stderr, "ind-opt: the compile server at %s stopped before it answered\n", path);
    st = 1;
  }
  *status = st;
  return true;
}

/* ------------------------------------------------------------------------------------------- server */

/* The server's own descriptors 0-2, folder, umask and environment, put back after each request; its build. */
typedef struct Saved {
  int fd[3], cwd;
  mode_t mask;
  char **env;
  char build[IND_CACHE_KEY_HEX + 1];
} Saved;

static bool save_state(Saved *sv) {
  sv->cwd = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  for (int i = 0; i < 3; ++i)
    sv->fd[i] = fcntl(i, F_DUPFD_CLOEXEC, 3);
  sv->mask = umask(0);
  umask(sv->mask);
  sv->env = environ;
  build_identity(sv->build);
  return sv->cwd >= 0 && sv->fd[0] >= 0 && sv->fd[1] >= 0 && sv->fd[2] >= 0;
}

static void restore_state(Saved *sv) {
  fflush(NULL);
  clearerr(stdin);
  __fpurge(stdin); /* what the request left unread of its standard input */
  for (int i = 0; i < 3; ++i)
    dup2(sv->fd[i], i);
  if (fchdir(sv->cwd) != 0)
    perror("ind-opt: --serve: back to the server's folder");
  umask(sv->mask);
  environ = sv->env;
}

/* Runs one request in this worker (the kept context, LLVM already set up): its descriptors on 0-2, its
 * folder, umask and environment, then the server's back. Answers its status on conn. */
static void serve_one(int conn, int (*main_fn)(int, char **), Saved *sv) {
  Header h;
  int fds[3];
  if (!recv_with_fds(conn, &h, sizeof h, fds, 3))
    return; /* not a request: nothing to answer on */
  char *p = NULL;
  bool ok = h.magic == MAGIC && h.version == VERSION && h.payload <= MAX_PAYLOAD;
  if (ok && memcmp(h.build, sv->build, sizeof h.build) != 0) { /* another ind-opt: it compiles itself */
    int32_t other = IND_SERVE_OTHER_BUILD;
    write_all(conn, &other, sizeof other);
    ok = false;
  }
  ok = ok && (p = malloc(h.payload + 1)) != NULL && read_all(conn, p, h.payload);
  if (!ok) { /* not a client of this version or build: nothing more to answer */
    for (int i = 0; i < 3; ++i)
      close(fds[i]);
    free(p);
    return;
  }
  p[h.payload] = '\0';
  /* the payload: cwd, count, arguments, environment */
  char *end = p + h.payload, *s = p;
  const char *cwd = s;
  s += strlen(s) + 1;
  int argc = s < end ? atoi(s) : -1;
  s += s < end ? strlen(s) + 1 : 0;
  char **argv = argc >= 1 && argc < 100000 ? calloc((size_t)argc + 1, sizeof *argv) : NULL;
  for (int i = 0; argv && i < argc; ++i) {
    if (s >= end) {
      free(argv);
      argv = NULL;
      break;
    }
    argv[i] = s;
    s += strlen(s) + 1;
  }
  for (int i = 0; i < 3; ++i) {
    dup2(fds[i], i);
    close(fds[i]);
  }
  size_t nenv = 0;
  for (char *e = s; e < end; e += strlen(e) + 1)
    ++nenv;
  char **envp = calloc(nenv + 1, sizeof *envp);
  if (!envp)
    abort();
  nenv = 0;
  for (char *e = s; e < end; e += strlen(e) + 1)
    if (strchr(e, '='))
      envp[nenv++] = e;
  int32_t st = 1;
  if (!argv) {
    fprintf(stderr, "ind-opt: the compile server got a malformed request\n");
  } else if (chdir(cwd) != 0) {
    fprintf(stderr, "ind-opt: the compile server cannot enter %s: %s\n", cwd, strerror(errno));
  } else {
    environ = envp; /* the client's, whole (CUDA_HOME, PATH, IND_*, ...): getenv reads it */
    umask((mode_t)h.umask);
    st = main_fn(argc, argv);
  }
  restore_state(sv); /* before p (the environment's strings) goes */
  write_all(conn, &st, sizeof st);
  free(envp);
  free(argv);
  free(p);
}

/* The socket at path: an existing one is taken over only when nothing listens on it. */
static int listen_at(const char *path) {
  struct sockaddr_un sa;
  if (!socket_address(path, &sa)) {
    fprintf(stderr, "ind-opt: error: --serve: socket path too long (%s)\n", path);
    return -1;
  }
  int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0)
    return -1;
  mode_t old = umask(077);
  int rc = bind(fd, (struct sockaddr *)&sa, sizeof sa);
  if (rc != 0 && errno == EADDRINUSE) {
    int probe = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct stat st;
    bool live = probe >= 0 && connect(probe, (struct sockaddr *)&sa, sizeof sa) == 0;
    if (probe >= 0)
      close(probe);
    if (live) {
      umask(old);
      close(fd);
      fprintf(stderr, "ind-opt: error: --serve: a server already listens on %s\n", path);
      return -1;
    }
    if (lstat(path, &st) == 0 && S_ISSOCK(st.st_mode) && unlink(path) == 0)
      rc = bind(fd, (struct sockaddr *)&sa, sizeof sa);
  }
  umask(old);
  if (rc == 0)
    chmod(path, 0600);
  if (rc != 0 || listen(fd, 64) != 0) {
    fprintf(stderr, "ind-opt: error: --serve: cannot listen on %s: %s\n", path, strerror(errno));
    close(fd);
    return -1;
  }
  return fd;
}

static volatile sig_atomic_t stop;
static void on_term(int sig) {
  (void)sig;
  stop = 1;
}

/* A worker: a fork of the warm server that compiles the requests the server hands it (a connection, passed
 * over its control socket), one at a time, and answers a byte on the control socket after each. */
typedef struct Worker {
  pid_t pid;
  int ctl;
  bool busy;
} Worker;

/* The worker's life (never returns): requests until the server closes the control socket, or `recycle` of
 * them (its kept context only grows: a fresh fork then takes over). */
static void worker_main(int ctl, int recycle, int (*main_fn)(int, char **), Saved *sv) {
  signal(SIGTERM, SIG_DFL);
  signal(SIGINT, SIG_IGN); /* ^C in the server's terminal: the server stops its workers itself */
  for (int n = 1; n <= recycle; ++n) {
    char byte;
    int conn;
    if (!recv_with_fds(ctl, &byte, 1, &conn, 1))
      break;
    serve_one(conn, main_fn, sv);
    close(conn);
    /* 'd': done, ready for the next; 'q': done and leaving (the server must not hand it another) */
    if (write(ctl, n < recycle ? "d" : "q", 1) != 1)
      break;
  }
  fflush(NULL);
  _exit(0);
}

static bool spawn_worker(Worker *w, int lfd, const Worker *all, int n, const IndServeOptions *o, Saved *sv) {
  int sp[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sp) != 0)
    return false;
  pid_t pid = fork();
  if (pid < 0) {
    close(sp[0]);
    close(sp[1]);
    return false;
  }
  if (pid == 0) {
    close(lfd);
    close(sp[0]);
    for (int i = 0; i < n; ++i)
      close(all[i].ctl);
    worker_main(sp[1], o->recycle, o->main_fn, sv);
  }
  close(sp[1]);
  *w = (Worker){pid, sp[0], false};
  return true;
}

int ind_opt_serve(const IndServeOptions *o) {
  const char *path = o->path;
  int idle_s = o->idle_s, workers = o->workers;
  unsetenv(IND_OPT_SERVER_ENV); /* requests bring their environment (never this one): no forwarding again */
  Saved sv;
  if (!save_state(&sv)) {
    fprintf(stderr, "ind-opt: error: --serve: cannot keep its own descriptors and folder: %s\n", strerror(errno));
    return 1;
  }
  int lfd = listen_at(path); /* first, so that a refusal comes at once; requests wait for the warm-up */
  if (lfd < 0)
    return 1;
  o->warm_up();
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_term;
  sigaction(SIGTERM, &sa, NULL);
  sigaction(SIGINT, &sa, NULL);
  signal(SIGPIPE, SIG_IGN); /* a client gone: its writes fail instead */
  Worker *w = calloc((size_t)workers, sizeof *w);
  struct pollfd *pfd = calloc((size_t)workers + 1, sizeof *pfd);
  if (!w || !pfd)
    abort();
  int nw = 0;
  if (spawn_worker(&w[0], lfd, w, 0, o, &sv)) /* one ready before the first request */
    nw = 1;
  fprintf(stderr, "ind-opt: serving on %s (pid %ld)\n", path, (long)getpid());
  fflush(stderr);
  while (!stop) {
    pfd[0] = (struct pollfd){lfd, POLLIN, 0};
    for (int i = 0; i < nw; ++i)
      pfd[i + 1] = (struct pollfd){w[i].ctl, POLLIN, 0};
    bool any_busy = false;
    for (int i = 0; i < nw; ++i)
      any_busy = any_busy || w[i].busy;
    int pr = poll(pfd, (nfds_t)nw + 1, idle_s > 0 && !any_busy ? idle_s * 1000 : -1);
    if (pr == 0)
      break; /* idle */
    if (pr < 0)
      continue; /* EINTR: a signal; stop says whether to leave */
    for (int i = nw - 1; i >= 0; --i) {
      if (!(pfd[i + 1].revents & (POLLIN | POLLHUP | POLLERR)))
        continue;
      char byte;
      if (read(w[i].ctl, &byte, 1) == 1 && byte == 'd') {
        w[i].busy = false;
        continue;
      }
      close(w[i].ctl); /* the worker leaves ('q': its request count) or left (it crashed: its client was told) */
      waitpid(w[i].pid, NULL, 0);
      w[i] = w[--nw];
    }
    if (!(pfd[0].revents & POLLIN))
      continue;
    int conn = accept4(lfd, NULL, NULL, SOCK_CLOEXEC);
    if (conn < 0)
      continue;
    struct ucred cred;
    socklen_t len = sizeof cred;
    if (getsockopt(conn, SOL_SOCKET, SO_PEERCRED, &cred, &len) == 0 && cred.uid == getuid()) {
      int k = 0;
      while (k < nw && w[k].busy)
        ++k;
      if (k == nw) { /* none idle: one more worker, while there may be */
        if (nw < workers && spawn_worker(&w[nw], lfd, w, nw, o, &sv))
          ++nw;
        else
          k = -1;
      }
      if (k >= 0 && send_with_fds(w[k].ctl, "c", 1, &conn, 1)) {
        w[k].busy = true;
      } else { /* every worker busy: the client compiles itself (a pipeline of ind-opts never waits on us) */
        int32_t busy = IND_SERVE_BUSY;
        write_all(conn, &busy, sizeof busy);
      }
    }
    close(conn);
  }
  close(lfd);
  unlink(path);
  for (int i = 0; i < nw; ++i) { /* the workers finish their requests, then see the end of their socket */
    close(w[i].ctl);
    waitpid(w[i].pid, NULL, 0);
  }
  free(w);
  free(pfd);
  for (int i = 0; i < 3; ++i)
    close(sv.fd[i]);
  close(sv.cwd);
  return 0;
}
