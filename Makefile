# Tessera build.  `make` builds the engine and tools, `make test` runs every
# test (release, address+undefined sanitizers, thread sanitizer, and the
# unit tests built by clang when it is installed), `make demo`
# shows the main job.  Sources are found by wildcard: a new file needs no edit here.

CC      ?= cc
MAKEFLAGS += -j$(shell nproc 2>/dev/null || echo 2)
WARN    := -Wall -Wextra -Werror
COMMON  := -std=c11 -D_POSIX_C_SOURCE=200809L -Isrc -Itools -Itests -pthread -MMD -MP $(WARN)
# The checkout's path stays out of the binaries (debug info, __FILE__), so
# that one commit builds the same engine file in any folder: a tuning run's
# -resume checks the engine file's contents.
COMMON  += -ffile-prefix-map=$(CURDIR)=.
LDLIBS  := -pthread -lm

FLAGS_release := -O2 -g
FLAGS_asan    := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all -DTESSERA_SANITIZED
FLAGS_tsan    := -O1 -g -fsanitize=thread -DTESSERA_SANITIZED
# make test's fourth build: the unit tests alone, compiled by clang whatever
# CC is, so that a second compiler's warnings and code are tested too.
# -O1 compiles faster than -O2; clang's UBSan checks what gcc's does not
# (an offset added to a null pointer); under TESSERA_SANITIZED the tests
# leave out their slow checks, as in the other sanitized builds (a fifth
# of the time).
FLAGS_clang   := -O1 -g -fsanitize=undefined -fno-sanitize-recover=all -DTESSERA_SANITIZED
CLANG         := clang

ENGINE_MAIN := src/main.c
# The shipped networks (tools/nets/*.nn) are embedded as a C file that
# tools/embed.sh writes, part of the engine library.
NETS        := $(sort $(wildcard tools/nets/*.nn))
NETS_GEN    := build/gen/nets.c
# The proven table (tools/proof/book.tsv, written from the certificates by
# tools/proof/book.sh) is embedded the same way: the engine reads no gzip.
BOOK        := tools/proof/book.tsv
BOOK_GEN    := build/gen/book.c
LIB_SRC     := $(filter-out $(ENGINE_MAIN),$(shell find src -name '*.c' | sort)) $(NETS_GEN) $(BOOK_GEN)
ARENA_MAIN  := tools/arena/main.c
# The parts tools share (tools/process/: child processes; tools/cli/: the
# flag table) link with the arena, and so with every tool and test that
# uses it.
ARENA_SRC   := $(filter-out $(ARENA_MAIN),$(sort $(wildcard tools/arena/*.c tools/process/*.c tools/cli/*.c)))
TUNE_MAIN   := tools/tune/main.c
TUNE_SRC    := $(filter-out $(TUNE_MAIN),$(sort $(wildcard tools/tune/*.c)))
# The browser GUI: its page (tools/web/assets/) is embedded as a C file
# that tools/embed.sh writes with od and sed.
WEB_MAIN    := tools/web/main.c
WEB_SRC     := $(filter-out $(WEB_MAIN),$(sort $(wildcard tools/web/*.c tools/process/*.c tools/cli/*.c))) src/util/parse_number.c
# The self-tests (selftest*.js) stay out of the binary: make test-browser
# serves them from the folder (tessera-web --assets).
WEB_ASSETS  := $(sort $(filter-out tools/web/assets/selftest%,$(wildcard tools/web/assets/*)))
# The self-play data format (tools/data/) is read by datagen, Texel and tests.
DATA_SRC    := $(sort $(wildcard tools/data/*.c))
DATAGEN_MAIN := tools/datagen/main.c
DATAGEN_SRC := $(filter-out $(DATAGEN_MAIN),$(sort $(wildcard tools/datagen/*.c))) $(DATA_SRC)
# The proof certificate checker (build/tessera-proof-check).
PROOF_MAIN  := tools/proof/main.c
PROOF_SRC   := $(filter-out $(PROOF_MAIN),$(sort $(wildcard tools/proof/*.c)))
# The network trainer reads data as Texel does (tools/tune/texel_data.c).
TRAIN_MAIN  := tools/train/main.c
TRAIN_SRC   := $(filter-out $(TRAIN_MAIN),$(sort $(wildcard tools/train/*.c)))
# Exact mate distances (tools/mates/): the judge of the engine's shortest mates.
MATES_MAIN  := tools/mates/main.c
MATES_SRC   := $(filter-out $(MATES_MAIN),$(sort $(wildcard tools/mates/*.c)))
TEST_SRC    := $(sort $(wildcard tests/unit/test_*.c))
FAKE_SRC    := $(sort $(wildcard tests/fakes/*.c))
TEST_NAMES  := $(basename $(notdir $(TEST_SRC)))
FAKE_NAMES  := $(basename $(notdir $(FAKE_SRC)))

# One short line per file (`CC src/games/qawale/qawale.c`); `make V=1` shows the
# whole commands.
ifeq ($(V),1)
Q :=
say = :
else
Q := @
say = printf '  %-4s %s\n'
endif
# The variant in those lines, unless it is the release build.
tag = $(if $(filter release,$(1)),,$(1) )

# objs(variant, sources)
objs = $(patsubst %.c,build/$(1)/obj/%.o,$(2))

# Everything one build variant produces.  The objects depend on the
# variant's flags file, so that another compiler or other flags rebuild them.
define variant
build/$(1)/obj/%.o: %.c build/$(1)/flags
	@mkdir -p $$(@D)
	@$$(say) CC "$(call tag,$(1))$$<"
	$$(Q)$$(CC) $$(COMMON) $$(FLAGS_$(1)) $$(CFLAGS) -c $$< -o $$@

build/$(1)/tessera: $(call objs,$(1),$(ENGINE_MAIN) $(LIB_SRC))
	@$$(say) LD "$$@"
	$$(Q)$$(CC) $$(FLAGS_$(1)) $$(LDFLAGS) $$^ -o $$@ $$(LDLIBS)

build/$(1)/tessera-arena: $(call objs,$(1),$(ARENA_MAIN) $(ARENA_SRC) $(LIB_SRC))
	@$$(say) LD "$$@"
	$$(Q)$$(CC) $$(FLAGS_$(1)) $$(LDFLAGS) $$^ -o $$@ $$(LDLIBS)

build/$(1)/tessera-tune: $(call objs,$(1),$(TUNE_MAIN) $(TUNE_SRC) $(DATA_SRC) $(ARENA_SRC) $(LIB_SRC))
	@$$(say) LD "$$@"
	$$(Q)$$(CC) $$(FLAGS_$(1)) $$(LDFLAGS) $$^ -o $$@ $$(LDLIBS)

build/$(1)/tessera-web: $(call objs,$(1),$(WEB_MAIN) $(WEB_SRC) build/gen/web_assets.c)
	@$$(say) LD "$$@"
	$$(Q)$$(CC) $$(FLAGS_$(1)) $$(LDFLAGS) $$^ -o $$@ $$(LDLIBS)

# The web server's tests link its parts (more specific than the rule below).
build/$(1)/tests/test_web_%: $(call objs,$(1),tests/unit/test_web_%.c $(WEB_SRC) build/gen/web_assets.c)
	@mkdir -p $$(@D)
	@$$(say) LD "$$@"
	$$(Q)$$(CC) $$(FLAGS_$(1)) $$(LDFLAGS) $$^ -o $$@ $$(LDLIBS)

build/$(1)/tessera-proof-check: $(call objs,$(1),$(PROOF_MAIN) $(PROOF_SRC) $(LIB_SRC))
	@$$(say) LD "$$@"
	$$(Q)$$(CC) $$(FLAGS_$(1)) $$(LDFLAGS) $$^ -o $$@ $$(LDLIBS)

build/$(1)/tessera-datagen: $(call objs,$(1),$(DATAGEN_MAIN) $(DATAGEN_SRC) $(ARENA_SRC) $(LIB_SRC))
	@$$(say) LD "$$@"
	$$(Q)$$(CC) $$(FLAGS_$(1)) $$(LDFLAGS) $$^ -o $$@ $$(LDLIBS)

build/$(1)/tessera-train: $(call objs,$(1),$(TRAIN_MAIN) $(TRAIN_SRC) $(TUNE_SRC) $(DATA_SRC) $(ARENA_SRC) $(LIB_SRC))
	@$$(say) LD "$$@"
	$$(Q)$$(CC) $$(FLAGS_$(1)) $$(LDFLAGS) $$^ -o $$@ $$(LDLIBS)

build/$(1)/tessera-mates: $(call objs,$(1),$(MATES_MAIN) $(MATES_SRC) tools/datagen/rp_board.c $(ARENA_SRC) $(LIB_SRC))
	@$$(say) LD "$$@"
	$$(Q)$$(CC) $$(FLAGS_$(1)) $$(LDFLAGS) $$^ -o $$@ $$(LDLIBS)

build/$(1)/tests/%: $(call objs,$(1),tests/unit/%.c $(TRAIN_SRC) $(TUNE_SRC) $(DATAGEN_SRC) $(MATES_SRC) $(ARENA_SRC) $(LIB_SRC))
	@mkdir -p $$(@D)
	@$$(say) LD "$$@"
	$$(Q)$$(CC) $$(FLAGS_$(1)) $$(LDFLAGS) $$^ -o $$@ $$(LDLIBS)

build/$(1)/fakes/%: $(call objs,$(1),tests/fakes/%.c $(LIB_SRC))
	@mkdir -p $$(@D)
	@$$(say) LD "$$@"
	$$(Q)$$(CC) $$(FLAGS_$(1)) $$(LDFLAGS) $$^ -o $$@ $$(LDLIBS)

endef

# The unit tests $(2) of variant $(1) and the fakes they drive.
unit_tests = $(addprefix build/$(1)/tests/,$(2)) $(addprefix build/$(1)/fakes/,$(FAKE_NAMES))

# `make VARIANT`: the programs and the unit tests.
define programs
.PHONY: $(1)
$(1): build/$(1)/tessera $(if $(wildcard $(ARENA_MAIN)),build/$(1)/tessera-arena) \
      $(if $(wildcard $(TUNE_MAIN)),build/$(1)/tessera-tune) \
      $(if $(wildcard $(WEB_MAIN)),build/$(1)/tessera-web) \
      $(if $(wildcard $(DATAGEN_MAIN)),build/$(1)/tessera-datagen) \
      $(if $(wildcard $(PROOF_MAIN)),build/$(1)/tessera-proof-check) \
      build/$(1)/tessera-train \
      $(if $(wildcard $(MATES_MAIN)),build/$(1)/tessera-mates) \
      $(call unit_tests,$(1),$(TEST_NAMES))
endef

VARIANTS := release asan tsan clang
# The clang build's compiler, whatever CC is (the value for every target
# under build/clang/, its flags file included).
build/clang/%: override CC = $(CLANG)
$(foreach v,$(VARIANTS),$(eval $(call variant,$(v))))
$(foreach v,release asan tsan,$(eval $(call programs,$(v))))
# The clang build has the unit tests alone: all but test_web_security and
# test_web_rules, which drive the build's tessera-web.
.PHONY: clang
clang: $(call unit_tests,clang,$(filter-out test_web_security test_web_rules,$(TEST_NAMES)))

# sq: $(1) quoted for the shell, between single quotes.
sq = $(subst ','\'',$(1))

# build/<variant>/flags: the compiler, its version line and the flags the
# variant's objects are built with, rewritten when that changes, so that
# it rebuilds them then (another CC, CFLAGS or LDFLAGS, an upgraded
# compiler) and only then.  Compared when make reads this file, not by a
# rule run at every make: that would make `make -n` and `make -q` see
# every object out of date.  Under -n and -q, which build nothing, a
# changed file is left as it is and made a target, out of date.
variant_cc = $(if $(filter clang,$(1)),$(CLANG),$(CC))
flags_of = printf '%s\n' 'CC=$(call sq,$(call variant_cc,$(1)))' \
               'CFLAGS=$(call sq,$(COMMON) $(FLAGS_$(1)) $(CFLAGS))' 'LDFLAGS=$(call sq,$(LDFLAGS) $(LDLIBS))'; \
           $(call variant_cc,$(1)) --version 2>/dev/null | head -n 1
flags_changed = $(shell { $(call flags_of,$(1)); } | cmp -s - build/$(1)/flags || echo $(1))
write_flags = mkdir -p build/$(1) && { $(call flags_of,$(1)); } >build/$(1)/flags
dry_run := $(findstring n,$(firstword -$(MAKEFLAGS)))$(findstring q,$(firstword -$(MAKEFLAGS)))
ifeq ($(filter clean,$(MAKECMDGOALS)),)
CHANGED_FLAGS := $(foreach v,$(VARIANTS),$(call flags_changed,$(v)))
ifeq ($(dry_run),)
$(foreach v,$(CHANGED_FLAGS),$(shell $(call write_flags,$(v))))
else
$(foreach v,$(CHANGED_FLAGS),build/$(v)/flags): FLAGS_CHANGED
	$(call write_flags,$(@D:build/%=%))
.PHONY: FLAGS_CHANGED
endif
endif

build/gen/web_assets.c: $(WEB_ASSETS) tools/embed.sh
	@$(say) GEN "$@"
	$(Q)sh tools/embed.sh $@ web/assets.h WebAsset web_assets $(WEB_ASSETS)

$(NETS_GEN): $(NETS) tools/nets tools/embed.sh
	@$(say) GEN "$@"
	$(Q)sh tools/embed.sh $@ nn/embedded.h EmbeddedNet embedded_nets $(NETS)

$(BOOK_GEN): $(BOOK) tools/embed.sh
	@$(say) GEN "$@"
	$(Q)sh tools/embed.sh $@ search/book/proven_book.h EmbeddedFile proven_book_files $(BOOK)

# Objects are intermediate files of the pattern rules; keep them so that a
# second make rebuilds nothing.
.SECONDARY:

.PHONY: all test demo bench clean test-browser test-cluster
.DEFAULT_GOAL := all

# The user-facing binaries live at the top of build/.  Each is written
# beside its place and renamed into it: a running build/tessera (a
# user's own tessera-web runs one) keeps its old file, where cp over it
# would fail with "Text file busy".
PROGRAMS := tessera tessera-arena tessera-tune tessera-web tessera-datagen tessera-proof-check tessera-train \
            tessera-mates
all: release
	@for p in $(PROGRAMS); do \
	    if [ -f build/release/$$p ]; then \
	        cp build/release/$$p build/.$$p.new.$$$$ && mv -f build/.$$p.new.$$$$ build/$$p || exit 1; \
	    fi; \
	done

# make test builds the clang build too, unless CLANG_SKIP says why not
# (tests/run.sh prints it).  When CC is clang already, the other three
# builds test it.  Found only for these goals, since it runs the compilers.
ifneq ($(filter test test-loaded,$(MAKECMDGOALS)),)
ifeq ($(shell command -v $(CLANG)),)
CLANG_SKIP := $(CLANG) is not installed
else ifneq ($(findstring clang,$(shell $(CC) --version 2>/dev/null | head -n 1)),)
CLANG_SKIP := CC ($(CC)) is clang: the release, asan and tsan builds are clang's
else ifeq ($(shell printf 'int main(void) { return 0; }\n' | $(CLANG) $(FLAGS_clang) -x c - -o /dev/null 2>/dev/null && echo yes),)
CLANG_SKIP := $(CLANG) links no program with $(FLAGS_clang) (is its UBSan runtime, compiler-rt, installed?)
endif
endif
TEST_BUILDS := all asan tsan $(if $(CLANG_SKIP),,clang)
RUN_TESTS   := TESSERA_CLANG_SKIPPED='$(call sq,$(CLANG_SKIP))' sh tests/run.sh

test: $(TEST_BUILDS)
	@$(RUN_TESTS)

# `make test` with four CPU-bound processes beside it, stopped at the end (tests/run.sh).
.PHONY: test-loaded
test-loaded: $(TEST_BUILDS)
	@$(RUN_TESTS) --burners 4

# Headless Chromium plays a game of each kind on the page (not in `make test`).
test-browser: all
	@sh tools/web/test-browser.sh

# The cluster scripts and launchers on a real one-node Slurm and sshd,
# installed and started by the script (not in `make test`).
test-cluster: all
	@sh tools/cluster/test-cluster.sh

demo: all
	@sh tools/demo.sh

bench: all
	@build/tessera bench

clean:
	rm -rf build

# --- Installing, as GNU's conventions say: `make install` (PREFIX, default
# /usr/local; DESTDIR, a staging root that needs no root) puts the
# programs in bindir, a man page for each in man1dir and the manuals in
# docdir; `make uninstall` removes exactly those files, and the folder
# docdir when that leaves it empty.  The cluster and loop scripts
# are not installed: they are used from the repository (README.md).
PREFIX  ?= /usr/local
bindir  ?= $(PREFIX)/bin
mandir  ?= $(PREFIX)/share/man
man1dir ?= $(mandir)/man1
docdir  ?= $(PREFIX)/share/doc/tessera
INSTALL ?= install
# The man pages are written from the manuals (tools/man/man.sh) with this
# docdir in SEE ALSO; install writes the one it installs to in its place.
MAN_DOCDIR := /usr/local/share/doc/tessera
MAN_PAGES  := $(patsubst %,build/man/%.1,$(PROGRAMS))
TOOL_MANUALS := $(sort $(wildcard tools/*/README.md))
# Installed documents: README.md, protocol.md, the rules, and the tools'
# manuals under their tools' names (tools/arena/README.md: arena.md).
doc_name   = $(patsubst tools/%/README.md,%.md,$(1))
DOC_NAMES  := README.md protocol.md RULES.md $(call doc_name,$(TOOL_MANUALS))

all: $(MAN_PAGES)

build/man/%.1: tools/man/man.sh tools/man/flags.sh src/util/version.h README.md protocol.md $(TOOL_MANUALS)
	@mkdir -p $(@D)
	@$(say) GEN "$@"
	$(Q)sh tools/man/man.sh $* $(MAN_DOCDIR) >$@.tmp && mv -f $@.tmp $@

.PHONY: install uninstall
install: all
	$(INSTALL) -d "$(DESTDIR)$(bindir)" "$(DESTDIR)$(man1dir)" "$(DESTDIR)$(docdir)"
	$(INSTALL) -m 755 $(addprefix build/,$(PROGRAMS)) "$(DESTDIR)$(bindir)"
	@for p in $(PROGRAMS); do \
	    sed 's|$(MAN_DOCDIR)|$(docdir)|g' build/man/$$p.1 >"$(DESTDIR)$(man1dir)/$$p.1" && \
	    chmod 644 "$(DESTDIR)$(man1dir)/$$p.1" || exit 1; \
	done
	$(INSTALL) -m 644 README.md protocol.md src/games/RULES.md "$(DESTDIR)$(docdir)"
	@$(foreach m,$(TOOL_MANUALS),$(INSTALL) -m 644 $(m) "$(DESTDIR)$(docdir)/$(call doc_name,$(m))" &&) :

uninstall:
	rm -f $(addprefix "$(DESTDIR)$(bindir)"/,$(PROGRAMS)) \
	      $(patsubst %,"$(DESTDIR)$(man1dir)"/%.1,$(PROGRAMS)) \
	      $(addprefix "$(DESTDIR)$(docdir)"/,$(DOC_NAMES))
	@rmdir "$(DESTDIR)$(docdir)" 2>/dev/null || true

-include $(shell find build -name '*.d' 2>/dev/null)
