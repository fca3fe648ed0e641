import Testing

/// The suites that start curses: it has one global screen, so they run one at a time.
@Suite(.serialized) enum Curses {}
