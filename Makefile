# Builds and installs `mosaic`: the program, its man page and its bash, zsh and fish completions.
#
#   make                              release build (.build/make/release/mosaic)
#   make install PREFIX=~/.local      build, then install under PREFIX (default /usr/local)
#   make uninstall PREFIX=~/.local    remove what install put there
#   make man completions              only generate the man page and completions into .build/share
#   make readme-keys                  rewrite README.md's key table from the binary's key table
#
# The man page and the completions are generated at install time from the binary being
# installed (its --experimental-dump-help, help keys --json and --generate-completion-script),
# so they always list the options and keys it has. DESTDIR is honoured for packaging; GENERATED is where they are
# written first (default .build/share); MOSAIC=PATH installs an already-built binary instead
# of building one.

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
PYTHON ?= python3
INSTALL ?= install
# Installed without its symbol table (82 MB → 61 MB); STRIP= keeps it for a debugger.
STRIP ?= -s
# A statically linked Swift runtime: the installed file runs without the Swift toolchain.
# Built in a folder of its own: `swift build`/`swift run -c release` use other flags, and
# sharing .build would make each rebuild the whole package after the other.
SCRATCH ?= .build/make
SWIFT_BUILD_FLAGS ?= -c release --product mosaic --static-swift-stdlib --scratch-path $(SCRATCH)

bindir = $(DESTDIR)$(PREFIX)/bin
man1dir = $(DESTDIR)$(PREFIX)/share/man/man1
bashdir = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
zshdir = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
fishdir = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

GENERATED ?= .build/share
man_page = $(GENERATED)/mosaic.1
bash_completion = $(GENERATED)/mosaic.bash
zsh_completion = $(GENERATED)/_mosaic
fish_completion = $(GENERATED)/mosaic.fish

# Without MOSAIC on the command line, install builds first; with it, that file is installed.
ifeq ($(origin MOSAIC), undefined)
MOSAIC = $(SCRATCH)/release/mosaic
binary_prerequisite = build
else
binary_prerequisite =
endif

.PHONY: all build man completions readme-keys install uninstall clean-generated help

all: build

help:
	@sed -n '1,/^$$/{s/^# \{0,1\}//;p}' Makefile

build:
	$(SWIFT) build $(SWIFT_BUILD_FLAGS)

man: $(binary_prerequisite)
	@mkdir -p $(GENERATED)
	$(MOSAIC) help keys --json > $(GENERATED)/keys.json
	$(MOSAIC) --experimental-dump-help \
		| $(PYTHON) scripts/make-man-page.py --version-text "$$($(MOSAIC) --version)" \
			--keys $(GENERATED)/keys.json \
		> $(man_page).tmp
	@mv $(man_page).tmp $(man_page)

# The README's key table is `mosaic help keys`, pasted between its marker comments (which the
# output carries too).
readme-keys: $(binary_prerequisite)
	@mkdir -p $(GENERATED)
	$(MOSAIC) help keys > $(GENERATED)/keys.md
	awk -v table="$(GENERATED)/keys.md" \
		'/<!-- keys:begin/ { while ((getline line < table) > 0) print line; skip = 1 } \
		!skip { print } /<!-- keys:end -->/ { skip = 0 }' README.md > README.md.tmp
	@mv README.md.tmp README.md

completions: $(binary_prerequisite)
	@mkdir -p $(GENERATED)
	$(MOSAIC) --generate-completion-script bash > $(bash_completion)
	$(MOSAIC) --generate-completion-script zsh > $(zsh_completion)
	$(MOSAIC) --generate-completion-script fish > $(fish_completion)

install: $(binary_prerequisite) man completions
	$(INSTALL) -d $(bindir) $(man1dir) $(bashdir) $(zshdir) $(fishdir)
	$(INSTALL) -m 755 $(STRIP) $(MOSAIC) $(bindir)/mosaic
	$(INSTALL) -m 644 $(man_page) $(man1dir)/mosaic.1
	$(INSTALL) -m 644 $(bash_completion) $(bashdir)/mosaic
	$(INSTALL) -m 644 $(zsh_completion) $(zshdir)/_mosaic
	$(INSTALL) -m 644 $(fish_completion) $(fishdir)/mosaic.fish
	@echo "installed $(bindir)/mosaic, its man page and completions"

uninstall:
	rm -f $(bindir)/mosaic $(man1dir)/mosaic.1 $(bashdir)/mosaic $(zshdir)/_mosaic \
		$(fishdir)/mosaic.fish

clean-generated:
	rm -rf $(GENERATED)
