import CNcurses
import Foundation
import MosaicCollection
import MosaicLayout
import MosaicTestSupport
import Testing

@testable import MosaicTerminal

extension Curses {
  /// The run loop draws an animating scene on its own, at up to 60 frames a second, and handles
  /// input that arrives meanwhile at once; on a pty, under a watchdog.
  @Suite @MainActor struct AnimationPacingTests {
    /// A scene that animates for `seconds` of the system clock from its first frame, optionally
    /// taking `frameCost` seconds to draw (a slow terminal), types `key` into the pty at its
    /// `typeAt`-th frame, and quits on "q" (typed once the animation is over).
    final class AnimatingScene: Scene {
      let pty: PseudoTerminal
      let seconds: Double
      let frameCost: Double
      var typeAt: Int?
      var started: Double?
      var ended: Double?
      var draws = 0
      /// The draw count when each event arrived.
      var eventsAtDraw: [(event: InputEvent, draw: Int)] = []

      init(pty: PseudoTerminal, seconds: Double, frameCost: Double = 0, typeAt: Int? = nil) {
        self.pty = pty
        self.seconds = seconds
        self.frameCost = frameCost
        self.typeAt = typeAt
      }

      var isAnimating: Bool {
        guard let started else { return true }
        return SystemAnimationClock.shared.now < started + seconds
      }

      func draw(into surface: any Surface) {
        let now = SystemAnimationClock.shared.now
        if started == nil { started = now }
        draws += 1
        surface.clear(style: .plain)
        surface.put("\(draws % 10)".first!, width: 1, column: 0, row: 0, style: .plain)
        if frameCost > 0 { usleep(useconds_t(frameCost * 1_000_000)) }
        if draws == typeAt { pty.type("x") }
        if !isAnimating, ended == nil {
          ended = now
          pty.type("q")
        }
      }

      func handle(_ event: InputEvent) -> SceneResponse {
        eventsAtDraw.append((event, draws))
        return event == .key(.character("q")) ? .quit : .continue
      }
    }

    func run(_ scene: AnimatingScene, pty: PseudoTerminal) throws -> Terminal {
      let terminal = Terminal(on: pty)
      try Watchdog.guarding("the animating scene to quit", limit: 60, unblock: { pty.hangUp() }) {
        try terminal.run(scene)
      }
      return terminal
    }

    @Test("an animating scene is drawn without input, paced at no more than 60 frames a second")
    func drawsWithoutInput() throws {
      let pty = try #require(PseudoTerminal(columns: 20, rows: 5))
      defer { pty.close() }
      let scene = AnimatingScene(pty: pty, seconds: 0.25)
      let terminal = try run(scene, pty: pty)
      let elapsed = try #require(scene.ended) - (try #require(scene.started))
      // 0.25 s at 60 a second is 15 slots; the first frame and the last add one each. Fewer
      // frames only under heavy load, never more (the loop does not spin).
      #expect(scene.draws >= 4)
      #expect(scene.draws <= 17)
      #expect(elapsed >= 0.25)
      #expect(terminal.animatedFrames == scene.draws)
      #expect(scene.eventsAtDraw.map(\.event) == [.key(.character("q"))])
    }

    /// A scene that shows a collection view and never mentions animation: on its first frame it
    /// starts an animated scroll, and once the view has landed it types "q".
    final class GlidingScene: Scene {
      let pty: PseudoTerminal
      let view: CollectionView
      let items = Items()
      var draws = 0
      var landed = false

      final class Items: CollectionViewDataSource {
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
          -> Int
        { 50 }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
          -> CollectionViewCell
        {
          collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
        }
      }

      init(pty: PseudoTerminal) {
        self.pty = pty
        let layout = FlowLayout()
        layout.itemSize = Size(width: 160, height: 16)
        layout.minimumLineSpacing = 0
        view = CollectionView(
          frame: CellRect(column: 0, row: 0, columns: 20, rows: 5), collectionViewLayout: layout)
        view.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        view.dataSource = items
      }

      func draw(into surface: any Surface) {
        view.draw(into: surface)
        draws += 1
        if draws == 1 {
          view.scrollToItem(at: IndexPath(item: 40, section: 0), at: .top, animated: true)
        } else if !view.hasRunningAnimations, !landed {
          landed = true
          pty.type("q")
        }
      }

      func handle(_ event: InputEvent) -> SceneResponse {
        event == .key(.character("q")) ? .quit : .continue
      }
    }

    @Test("a collection view's animation is drawn to its end even if its scene does not say so")
    func collectionViewAnimationsArePacedWithoutTheScene() throws {
      let pty = try #require(PseudoTerminal(columns: 20, rows: 5))
      defer { pty.close() }
      let scene = GlidingScene(pty: pty)
      let terminal = Terminal(on: pty)
      // Without frames the glide would wait for input that never comes: a short watchdog.
      try Watchdog.guarding(
        "the glide to land and the scene to quit", limit: 15,
        unblock: {
          pty.hangUp()
        }
      ) {
        try terminal.run(scene)
      }
      #expect(scene.landed)
      #expect(scene.draws >= 3)
      #expect(scene.view.contentOffset.y == 40 * 16)
      #expect(CollectionView.runLoopAnimationClock == nil)  // the run loop took its clock back
    }

    @Test("a key typed mid-animation is handled at once, not after the animation")
    func inputMidAnimationIsHandledAtOnce() throws {
      let pty = try #require(PseudoTerminal(columns: 20, rows: 5))
      defer { pty.close() }
      let scene = AnimatingScene(pty: pty, seconds: 1.5, typeAt: 3)
      _ = try run(scene, pty: pty)
      let typed = try #require(scene.eventsAtDraw.first)
      #expect(typed.event == .key(.character("x")))
      // Handled before the animation's end: well before its last frame.
      #expect(typed.draw < scene.draws - 5)
    }

    @Test("frames slower than their slot drop the slots they overran and land on time")
    func slowFramesDropSlots() throws {
      let pty = try #require(PseudoTerminal(columns: 20, rows: 5))
      defer { pty.close() }
      // Each frame takes 50 ms (three slots): a 0.3 s animation gets at most 7 frames, and the
      // slots between them are dropped rather than drawn late (each frame 3 slots after the last).
      let scene = AnimatingScene(pty: pty, seconds: 0.3, frameCost: 0.05)
      let terminal = try run(scene, pty: pty)
      #expect(scene.draws <= 8)
      #expect(terminal.droppedFrames >= 2 * (scene.draws - 2))
    }
  }
}
