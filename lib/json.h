/* json.h - a tiny JSON reader (header-only, static functions, libc only): the launch plans of the standalone
 * GPU runner (runtime/, built without MLIR) and the tuning cache of codegen (passes/codegen/tuning.c).
 *
 * Parses a whole document into a tree of IndJson nodes: null, bool, number (double), string (no \u escapes
 * beyond ASCII), array, object (keys kept in order). Errors are reported with a line:column position into
 * a caller buffer; every node keeps the byte offset where it starts (ind_json_line_col turns it into a
 * line:column for a diagnostic about a value); the parser never exits or aborts. Nesting is limited to
 * IND_JSON_MAX_DEPTH. */
#ifndef IND_LIB_JSON_H
#define IND_LIB_JSON_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

#define IND_JSON_MAX_DEPTH 32

typedef enum {
  IND_JSON_NULL,
  IND_JSON_BOOL,
  IND_JSON_NUMBER,
  IND_JSON_STRING,
  IND_JSON_ARRAY,
  IND_JSON_OBJECT
} IndJsonKind;

typedef struct IndJson {
  IndJsonKind kind;
  bool boolean;
  double number;
  char *string;           /* IND_JSON_STRING */
  struct IndJson **items; /* IND_JSON_ARRAY / IND_JSON_OBJECT values */
  char **keys;            /* IND_JSON_OBJECT */
  int count;
  size_t offset; /* byte offset of the value's first character in the parsed text */
} IndJson;

typedef struct IndJsonParser {
  const char *text, *p, *end;
  char *err;
  size_t errlen;
  bool failed;
} IndJsonParser;

static void ind_json_free(IndJson *v) {
  if (!v)
    return;
  for (int i = 0; i < v->count; ++i) {
    ind_json_free(v->items[i]);
    if (v->keys)
      free(v->keys[i]);
  }
  free(v->items);
  free(v->keys);
  free(v->string);
  free(v);
}

/* 1-based line and column of byte `offset` of `text`. */
static void ind_json_line_col(const char *text, size_t len, size_t offset, int *line, int *col) {
  *line = 1;
  *col = 1;
  for (size_t i = 0; i < offset && i < len; ++i) {
    if (text[i] == '\n') {
      ++*line;
      *col = 1;
    } else {
      ++*col;
    }
  }
}

static void ind_json_error(IndJsonParser *ps, const char *what) {
  if (ps->failed)
    return;
  ps->failed = true;
  int line, col;
  ind_json_line_col(ps->text, (size_t)(ps->end - ps->text), (size_t)(ps->p - ps->text), &line, &col);
  snprintf(ps->err, ps->errlen, "%d:%d: %s", line, col, what);
}

static void ind_json_skip_ws(IndJsonParser *ps) {
  while (ps->p < ps->end && (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r'))
    ++ps->p;
}

static bool ind_json_push(IndJson *v, IndJson *item, char *key) {
  IndJson **items = (IndJson **)realloc(v->items, sizeof *items * (size_t)(v->count + 1));
  if (!items)
    return false;
  v->items = items;
  if (v->kind == IND_JSON_OBJECT) {
    char **keys = (char **)realloc(v->keys, sizeof *keys * (size_t)(v->count + 1));
    if (!keys)
      return false;
    v->keys = keys;
    v->keys[v->count] = key;
  }
  v->items[v->count++] = item;
  return true;
}

static char *ind_json_parse_string(IndJsonParser *ps) {
  /* at the opening quote */
  ++ps->p;
  size_t cap = 16, n = 0;
  char *s = (char *)malloc(cap);
  if (!s) {
    ind_json_error(ps, "out of memory");
    return NULL;
  }
  while (ps->p < ps->end && *ps->p != '"') {
    char c = *ps->p++;
    if ((unsigned char)c < 0x20) {
      ind_json_error(ps, "control character in string");
      free(s);
      return NULL;
    }
    if (c == '\\') {
      if (ps->p >= ps->end)
        break;
      char e = *ps->p++;
      switch (e) {
      case '"':
        c = '"';
        break;
      case '\\':
        c = '\\';
        break;
      case '/':
        c = '/';
        break;
      case 'b':
        c = '\b';
        break;
      case 'f':
        c = '\f';
        break;
      case 'n':
        c = '\n';
        break;
      case 'r':
        c = '\r';
        break;
      case 't':
        c = '\t';
        break;
      default:
        ind_json_error(ps, "unsupported escape in string");
        free(s);
        return NULL;
      }
    }
    if (n + 2 > cap) {
      cap *= 2;
      char *t = (char *)realloc(s, cap);
      if (!t) {
        free(s);
        ind_json_error(ps, "out of memory");
        return NULL;
      }
      s = t;
    }
    s[n++] = c;
  }
  if (ps->p >= ps->end) {
    ind_json_error(ps, "unterminated string");
    free(s);
    return NULL;
  }
  ++ps->p; /* closing quote */
  s[n] = '\0';
  return s;
}

static IndJson *ind_json_parse_value(IndJsonParser *ps, int depth);

static IndJson *ind_json_new(IndJsonParser *ps, IndJsonKind kind) {
  IndJson *v = (IndJson *)calloc(1, sizeof *v);
  if (!v)
    ind_json_error(ps, "out of memory");
  else
    v->kind = kind;
  return v;
}

static IndJson *ind_json_parse_container(IndJsonParser *ps, int depth, bool object) {
  char close = object ? '}' : ']';
  IndJson *v = ind_json_new(ps, object ? IND_JSON_OBJECT : IND_JSON_ARRAY);
  if (!v)
    return NULL;
  ++ps->p;
  ind_json_skip_ws(ps);
  if (ps->p < ps->end && *ps->p == close) {
    ++ps->p;
    return v;
  }
  for (;;) {
    char *key = NULL;
    ind_json_skip_ws(ps);
    if (object) {
      if (ps->p >= ps->end || *ps->p != '"') {
        ind_json_error(ps, "expected a string key");
        break;
      }
      key = ind_json_parse_string(ps);
      if (!key)
        break;
      ind_json_skip_ws(ps);
      if (ps->p >= ps->end || *ps->p != ':') {
        ind_json_error(ps, "expected ':' after key");
        free(key);
        break;
      }
      ++ps->p;
    }
    IndJson *item = ind_json_parse_value(ps, depth + 1);
    if (!item) {
      free(key);
      break;
    }
    if (!ind_json_push(v, item, key)) {
      ind_json_free(item);
      free(key);
      ind_json_error(ps, "out of memory");
      break;
    }
    ind_json_skip_ws(ps);
    if (ps->p < ps->end && *ps->p == ',') {
      ++ps->p;
      continue;
    }
    if (ps->p < ps->end && *ps->p == close) {
      ++ps->p;
      return v;
    }
    ind_json_error(ps, object ? "expected ',' or '}'" : "expected ',' or ']'");
    break;
  }
  ind_json_free(v);
  return NULL;
}

static bool ind_json_literal(IndJsonParser *ps, const char *word) {
  size_t n = strlen(word);
  if ((size_t)(ps->end - ps->p) >= n && memcmp(ps->p, word, n) == 0) {
    ps->p += n;
    return true;
  }
  return false;
}

static IndJson *ind_json_parse_value_here(IndJsonParser *ps, int depth);

static IndJson *ind_json_parse_value(IndJsonParser *ps, int depth) {
  ind_json_skip_ws(ps);
  size_t start = (size_t)(ps->p - ps->text);
  IndJson *v = ind_json_parse_value_here(ps, depth);
  if (v)
    v->offset = start;
  return v;
}

static IndJson *ind_json_parse_value_here(IndJsonParser *ps, int depth) {
  if (depth > IND_JSON_MAX_DEPTH) {
    ind_json_error(ps, "nesting too deep");
    return NULL;
  }
  ind_json_skip_ws(ps);
  if (ps->p >= ps->end) {
    ind_json_error(ps, "unexpected end of input");
    return NULL;
  }
  char c = *ps->p;
  if (c == '{' || c == '[')
    return ind_json_parse_container(ps, depth, c == '{');
  if (c == '"') {
    char *s = ind_json_parse_string(ps);
    if (!s)
      return NULL;
    IndJson *v = ind_json_new(ps, IND_JSON_STRING);
    if (!v) {
      free(s);
      return NULL;
    }
    v->string = s;
    return v;
  }
  if (ind_json_literal(ps, "null"))
    return ind_json_new(ps, IND_JSON_NULL);
  if (ind_json_literal(ps, "true") || ind_json_literal(ps, "false")) {
    IndJson *v = ind_json_new(ps, IND_JSON_BOOL);
    if (v)
      v->boolean = ps->p[-1] == 'e' && ps->p[-2] == 'u';
    return v;
  }
  if (c == '-' || (c >= '0' && c <= '9')) {
    char buf[64];
    size_t n = 0;
    while (ps->p + n < ps->end && n + 1 < sizeof buf && strchr("+-0123456789.eE", ps->p[n]))
      ++n;
    memcpy(buf, ps->p, n);
    buf[n] = '\0';
    char *endp = NULL;
    double d = strtod(buf, &endp);
    if (endp != buf + n || n == 0) {
      ind_json_error(ps, "malformed number");
      return NULL;
    }
    ps->p += n;
    IndJson *v = ind_json_new(ps, IND_JSON_NUMBER);
    if (v)
      v->number = d;
    return v;
  }
  ind_json_error(ps, "unexpected character");
  return NULL;
}

/* Parses `len` bytes of `text`. Returns NULL and fills err on failure. */
static IndJson *ind_json_parse(const char *text, size_t len, char *err, size_t errlen) {
  IndJsonParser ps = {text, text, text + len, err, errlen, false};
  IndJson *v = ind_json_parse_value(&ps, 0);
  if (v) {
    ind_json_skip_ws(&ps);
    if (ps.p != ps.end) {
      ind_json_error(&ps, "trailing characters after the document");
      ind_json_free(v);
      return NULL;
    }
  }
  return v;
}

/* The value of `key` in object `v`, or NULL. */
static const IndJson *ind_json_get(const IndJson *v, const char *key) {
  if (!v || v->kind != IND_JSON_OBJECT)
    return NULL;
  for (int i = 0; i < v->count; ++i)
    if (strcmp(v->keys[i], key) == 0)
      return v->items[i];
  return NULL;
}

#ifdef __cplusplus
}
#endif

#endif /* IND_JSON_H */
