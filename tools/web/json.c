/* json.c - a strict reader for request bodies and a text buffer for answers. */
#include "web/json.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Deeper nesting than this is refused: a body of 64 KB of '[' must not
 * recurse 64 K times. */
#define JSON_DEPTH_MAX 32

typedef struct {
    const char *text;
    size_t len, pos;
    char *why;
    size_t why_size;
} Reader;

static bool fail(Reader *r, const char *what)
{
    snprintf(r->why, r->why_size, "malformed JSON at byte %zu: %s", r->pos, what);
    return false;
}

static void skip_space(Reader *r)
{
    while (r->pos < r->len && strchr(" \t\r\n", r->text[r->pos]) && r->text[r->pos] != '\0')
        r->pos++;
}

static bool at(Reader *r, char c) { return r->pos < r->len && r->text[r->pos] == c; }

static int hex_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

static bool read_hex4(Reader *r, uint32_t *out)
{
    if (r->len - r->pos < 4)
        return fail(r, "a \\u escape needs four hex digits");
    *out = 0;
    for (int i = 0; i < 4; i++) {
        int v = hex_value(r->text[r->pos + (size_t)i]);
        if (v < 0)
            return fail(r, "a \\u escape needs four hex digits");
        *out = *out * 16 + (uint32_t)v;
    }
    r->pos += 4;
    return true;
}

/* Appends code point cp as UTF-8 to out (of size out_size), if it fits. */
static bool put_utf8(uint32_t cp, char *out, size_t out_size, size_t *n)
{
    char bytes[4];
    size_t count;
    if (cp < 0x80) {
        bytes[0] = (char)cp;
        count = 1;
    } else if (cp < 0x800) {
        bytes[0] = (char)(0xC0 | (cp >> 6));
        bytes[1] = (char)(0x80 | (cp & 0x3F));
        count = 2;
    } else if (cp < 0x10000) {
        bytes[0] = (char)(0xE0 | (cp >> 12));
        bytes[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        bytes[2] = (char)(0x80 | (cp & 0x3F));
        count = 3;
    } else {
        bytes[0] = (char)(0xF0 | (cp >> 18));
        bytes[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
        bytes[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
        bytes[3] = (char)(0x80 | (cp & 0x3F));
        count = 4;
    }
    if (out == NULL)
        return true;
    if (*n + count >= out_size)
        return false;
    memcpy(out + *n, bytes, count);
    *n += count;
    return true;
}

static bool put_byte(unsigned char c, char *out, size_t out_size, size_t *n)
{
    if (out == NULL)
        return true;
    if (*n + 1 >= out_size)
        return false;
    out[(*n)++] = (char)c;
    return true;
}

static bool read_escape(Reader *r, uint32_t *cp)
{
    char c = r->text[r->pos++];
    const char *plain = "\"\\/bfnrt", *meaning = "\"\\/\b\f\n\r\t";
    const char *hit = c != '\0' ? strchr(plain, c) : NULL;
    if (hit) {
        *cp = (uint32_t)(unsigned char)meaning[hit - plain];
        return true;
    }
    if (c != 'u')
        return fail(r, "unknown escape in a string");
    if (!read_hex4(r, cp))
        return false;
    if (*cp >= 0xDC00 && *cp <= 0xDFFF)
        return fail(r, "a lone low surrogate in a string");
    if (*cp >= 0xD800 && *cp <= 0xDBFF) {
        uint32_t low;
        if (r->len - r->pos < 2 || r->text[r->pos] != '\\' || r->text[r->pos + 1] != 'u')
            return fail(r, "a high surrogate without its low half");
        r->pos += 2;
        if (!read_hex4(r, &low))
            return false;
        if (low < 0xDC00 || low > 0xDFFF)
            return fail(r, "a high surrogate without its low half");
        *cp = 0x10000 + ((*cp - 0xD800) << 10) + (low - 0xDC00);
    }
    return true;
}

/* Reads a string literal; its decoded text goes to out when out is not
 * NULL (too long for out_size is an error). */
static bool read_string(Reader *r, char *out, size_t out_size)
{
    size_t n = 0;
    r->pos++; /* the opening quote */
    for (;;) {
        if (r->pos >= r->len)
            return fail(r, "a string is not closed");
        unsigned char c = (unsigned char)r->text[r->pos];
        if (c == '"')
            break;
        if (c < 0x20)
            return fail(r, "a control character inside a string");
        uint32_t cp = c;
        r->pos++;
        if (c == '\\') {
            if (r->pos >= r->len)
                return fail(r, "a string is not closed");
            if (!read_escape(r, &cp))
                return false;
            if (cp == 0)
                return fail(r, "a NUL character inside a string");
        }
        /* Raw bytes (UTF-8 included) are copied as they are. */
        bool fits = c == '\\' ? put_utf8(cp, out, out_size, &n) : put_byte(c, out, out_size, &n);
        if (!fits)
            return fail(r, "a string is too long");
    }
    r->pos++;
    if (out)
        out[n] = '\0';
    return true;
}

static bool read_digits(Reader *r)
{
    size_t start = r->pos;
    while (r->pos < r->len && r->text[r->pos] >= '0' && r->text[r->pos] <= '9')
        r->pos++;
    return r->pos > start;
}

/* JSON's number grammar exactly: no leading '+', zeros, bare '.'. */
static bool read_number(Reader *r, double *out)
{
    size_t start = r->pos;
    if (at(r, '-'))
        r->pos++;
    if (at(r, '0'))
        r->pos++;
    else if (!read_digits(r))
        return fail(r, "expected a value");
    if (at(r, '.')) {
        r->pos++;
        if (!read_digits(r))
            return fail(r, "a number needs digits after '.'");
    }
    if (at(r, 'e') || at(r, 'E')) {
        r->pos++;
        if (at(r, '+') || at(r, '-'))
            r->pos++;
        if (!read_digits(r))
            return fail(r, "a number needs digits in its exponent");
    }
    char digits[64];
    size_t len = r->pos - start;
    if (len >= sizeof digits)
        return fail(r, "a number is too long");
    memcpy(digits, r->text + start, len);
    digits[len] = '\0';
    *out = strtod(digits, NULL);
    return true;
}

static bool read_literal(Reader *r, const char *word)
{
    size_t len = strlen(word);
    if (r->len - r->pos < len || memcmp(r->text + r->pos, word, len) != 0)
        return fail(r, "expected a value");
    r->pos += len;
    return true;
}

static bool read_value(Reader *r, JsonMember *into, int depth);

/* An array or object nested below the top level: checked, not kept. */
static bool read_nested(Reader *r, int depth)
{
    if (depth >= JSON_DEPTH_MAX)
        return fail(r, "nested too deeply");
    bool object = at(r, '{');
    char close = object ? '}' : ']';
    r->pos++;
    skip_space(r);
    if (at(r, close)) {
        r->pos++;
        return true;
    }
    for (;;) {
        skip_space(r);
        if (object) {
            if (!at(r, '"'))
                return fail(r, "expected a member name in quotes");
            if (!read_string(r, NULL, 0))
                return false;
            skip_space(r);
            if (!at(r, ':'))
                return fail(r, "expected ':' after a member name");
            r->pos++;
        }
        if (!read_value(r, NULL, depth + 1))
            return false;
        skip_space(r);
        if (at(r, close)) {
            r->pos++;
            return true;
        }
        if (!at(r, ','))
            return fail(r, object ? "expected ',' or '}'" : "expected ',' or ']'");
        r->pos++;
    }
}

static bool read_value(Reader *r, JsonMember *into, int depth)
{
    JsonMember scratch;
    JsonMember *m = into ? into : &scratch;
    skip_space(r);
    if (r->pos >= r->len)
        return fail(r, "expected a value");
    char c = r->text[r->pos];
    m->type = JSON_NESTED;
    if (c == '{' || c == '[')
        return read_nested(r, depth);
    if (c == '"') {
        m->type = JSON_STRING;
        return read_string(r, into ? m->text : NULL, sizeof m->text);
    }
    if (c == 't' || c == 'f') {
        m->type = JSON_BOOL;
        m->boolean = c == 't';
        return read_literal(r, c == 't' ? "true" : "false");
    }
    if (c == 'n') {
        m->type = JSON_NULL;
        return read_literal(r, "null");
    }
    m->type = JSON_NUMBER;
    return read_number(r, &m->number);
}

static bool read_member(Reader *r, JsonObject *out)
{
    if (!at(r, '"'))
        return fail(r, "expected a member name in quotes");
    char key[JSON_KEY_MAX];
    if (!read_string(r, key, sizeof key))
        return false;
    skip_space(r);
    if (!at(r, ':'))
        return fail(r, "expected ':' after a member name");
    r->pos++;
    for (int i = 0; i < out->count; i++)
        if (strcmp(out->members[i].key, key) == 0)
            return fail(r, "a member name given twice");
    if (out->count == JSON_MEMBERS_MAX)
        return fail(r, "too many members");
    JsonMember *m = &out->members[out->count++];
    snprintf(m->key, sizeof m->key, "%s", key);
    return read_value(r, m, 1);
}

bool json_parse_object(const char *text, size_t len, JsonObject *out, char *why, size_t why_size)
{
    Reader r = {text, len, 0, why, why_size};
    out->count = 0;
    skip_space(&r);
    if (!at(&r, '{'))
        return fail(&r, "expected a JSON object '{...}'");
    r.pos++;
    skip_space(&r);
    if (at(&r, '}'))
        r.pos++;
    else
        for (;;) {
            skip_space(&r);
            if (!read_member(&r, out))
                return false;
            skip_space(&r);
            if (at(&r, '}')) {
                r.pos++;
                break;
            }
            if (!at(&r, ','))
                return fail(&r, "expected ',' or '}'");
            r.pos++;
        }
    skip_space(&r);
    if (r.pos != r.len)
        return fail(&r, "text after the object");
    return true;
}

const JsonMember *json_member(const JsonObject *object, const char *key)
{
    for (int i = 0; i < object->count; i++)
        if (strcmp(object->members[i].key, key) == 0)
            return &object->members[i];
    return NULL;
}

void text_init(TextBuf *buf) { *buf = (TextBuf){0}; }

void text_free(TextBuf *buf)
{
    free(buf->text);
    *buf = (TextBuf){0};
}

static bool reserve(TextBuf *buf, size_t extra)
{
    if (buf->failed)
        return false;
    if (buf->len + extra + 1 <= buf->cap)
        return true;
    size_t cap = buf->cap ? buf->cap : 256;
    while (cap < buf->len + extra + 1)
        cap *= 2;
    char *grown = realloc(buf->text, cap);
    if (!grown) {
        buf->failed = true;
        return false;
    }
    buf->text = grown;
    buf->cap = cap;
    return true;
}

void text_append(TextBuf *buf, const char *bytes, size_t len)
{
    if (!reserve(buf, len))
        return;
    memcpy(buf->text + buf->len, bytes, len);
    buf->len += len;
    buf->text[buf->len] = '\0';
}

void text_printf(TextBuf *buf, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    va_list again;
    va_copy(again, args);
    int need = vsnprintf(NULL, 0, format, args);
    va_end(args);
    if (need >= 0 && reserve(buf, (size_t)need)) {
        vsnprintf(buf->text + buf->len, (size_t)need + 1, format, again);
        buf->len += (size_t)need;
    }
    va_end(again);
}

void text_json_string(TextBuf *buf, const char *s)
{
    text_append(buf, "\"", 1);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\') {
            char pair[2] = {'\\', (char)*p};
            text_append(buf, pair, 2);
        } else if (*p < 0x20 || *p == 0x7f) {
            text_printf(buf, "\\u%04x", *p);
        } else {
            text_append(buf, (const char *)p, 1);
        }
    }
    text_append(buf, "\"", 1);
}

void text_json_member(TextBuf *buf, const char *key, const char *value)
{
    if (buf->len > 0 && buf->text[buf->len - 1] != '{')
        text_append(buf, ",", 1);
    text_json_string(buf, key);
    text_append(buf, ":", 1);
    text_json_string(buf, value);
}
