#!/usr/bin/env python3
"""ptykeys - run a program in a 120x40 pseudo-terminal, press one key N times, then q.

Each key is waited out (its output, then a quiet spell) before the next, so that every key
gets a frame of its own even when the program runs under valgrind, many times slower. Made to
count instructions per key through the real binary, output path included:

  for n in 0 100; do
    python3 scripts/ptykeys.py $n '\\x1b[B' -- valgrind --tool=callgrind \\
      --callgrind-out-file=cg.$n .build/release/mosaic --no-animation --layout table rows20k.csv
  done
  # instructions per Down: (the "summary:" of cg.100 - that of cg.0) / 100

The C grid (scripts/peers/ncgrid.c) reads keypad keys: give it '\\x1bOB' for Down.
Standard library only.
"""
import argparse, fcntl, os, pty, select, struct, termios, time


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("count", type=int, help="how many times to press the key")
    parser.add_argument("key", help="the key's bytes, with Python escapes ('\\x1b[6~' is PgDn)")
    parser.add_argument("--start", type=float, default=8.0, help="seconds to wait at start-up")
    parser.add_argument("--wait", type=float, default=0.3, help="seconds to wait after a key")
    parser.add_argument("--quiet", type=float, default=0.3, help="quiet seconds that end a wait")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- COMMAND [ARG...]")
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command")
    key = args.key.encode().decode("unicode_escape").encode("latin1")
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        os.environ["LANG"] = "C.UTF-8"
        os.execvp(command[0], command)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))

    def drain(seconds):
        # At least `seconds`, and on until `quiet` seconds pass without output.
        end = time.time() + seconds
        while True:
            ready, _, _ = select.select([fd], [], [], max(0, end - time.time()))
            if not ready:
                return
            try:
                if not os.read(fd, 65536):
                    return
            except OSError:
                return
            end = max(end, time.time() + args.quiet)

    drain(args.start)
    for _ in range(args.count):
        os.write(fd, key)
        drain(args.wait)
    os.write(fd, b"q")
    drain(2)
    os.waitpid(pid, 0)


if __name__ == "__main__":
    main()
