/*
 * json.h - the JSON the web server reads and writes.
 *
 * Reading: a request body is one JSON object; every value is checked for
 * syntax (strings, numbers, literals, nested arrays and objects), and the
 * top-level members whose values are strings, numbers or booleans are kept
 * for the routes to look up.  A body that is not a JSON object is refused
 * with a message saying what is wrong and where.
 *
 * Writing: a growable text buffer with printf-style appends and one
 * function that writes a string as a JSON string literal.
 */
#ifndef TESSERA_WEB_JSON_H
#define TESSERA_WEB_JSON_H

#include <stdbool.h>
#include <stddef.h>

#define JSON_MEMBERS_MAX 16
#define JSON_KEY_MAX 32
#define JSON_TEXT_MAX 8192

typedef enum { JSON_STRING, JSON_NUMBER, JSON_BOOL, JSON_NULL, JSON_NESTED } JsonType;

typedef struct {
    char key[JSON_KEY_MAX];
    JsonType type;
    char text[JSON_TEXT_MAX]; /* a string's decoded text (UTF-8) */
    double number;
    bool boolean;
} JsonMember;

typedef struct {
    int count;
    JsonMember members[JSON_MEMBERS_MAX];
} JsonObject;

/* Parses text (len bytes, need not end in NUL).  False with why filled
 * when it is not one JSON object, or a member does not fit the limits. */
bool json_parse_object(const char *text, size_t len, JsonObject *out, char *why, size_t why_size);

/* The member named key, or NULL. */
const JsonMember *json_member(const JsonObject *object, const char *key);

/* A growable, always NUL-terminated text; a failed allocation leaves
 * failed set and the text as it was (callers answer 500). */
typedef struct {
    char *text;
    size_t len, cap;
    bool failed;
} TextBuf;

void text_init(TextBuf *buf);
void text_free(TextBuf *buf);
void text_append(TextBuf *buf, const char *bytes, size_t len);
void text_printf(TextBuf *buf, const char *format, ...) __attribute__((format(printf, 2, 3)));
/* Appends s as a JSON string literal, quotes included. */
void text_json_string(TextBuf *buf, const char *s);
/* Appends the member "key": "value" of an object being written, after a
 * comma unless it is the first (the text so far ends with '{'). */
void text_json_member(TextBuf *buf, const char *key, const char *value);

#endif
