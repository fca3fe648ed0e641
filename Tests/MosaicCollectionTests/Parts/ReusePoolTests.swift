import Foundation
import MosaicLayout
import Testing

@testable import MosaicCollection

/// The reuse pool alone: registrations, queues by identifier and kind, and the record of what it
/// handed out.
@Suite @MainActor struct ReusePoolTests {
  @Test("a registered class is made once, then the queued view comes back")
  func madeThenRecycled() throws {
    var pool = ReusePool()
    let unregistered = pool.dequeueCell(withReuseIdentifier: "letter")
    #expect(unregistered == nil)
    _ = pool.register(LetterCell.self, forCellWithReuseIdentifier: "letter")
    let made = pool.dequeueCell(withReuseIdentifier: "letter")
    let first = try #require(made)
    #expect(first.isNew && first.view is LetterCell && first.view.reuseIdentifier == "letter")
    let queued = pool.enqueue(first.view, category: .cell, kind: nil)
    #expect(queued)
    #expect(pool.queuedCount == 1)
    let again = pool.dequeueCell(withReuseIdentifier: "letter")
    let second = try #require(again)
    #expect(!second.isNew && second.view === first.view)
    #expect(pool.queuedCount == 0)
  }

  @Test("supplementary views queue by kind and identifier, decoration views by kind")
  func queuesByKind() throws {
    var pool = ReusePool()
    let header = SupplementaryReuseKey(kind: "header", identifier: "h")
    let footer = SupplementaryReuseKey(kind: "footer", identifier: "h")
    _ = pool.register(LetterHeader.self, forSupplementary: header)
    _ = pool.register(LetterHeader.self, forSupplementary: footer)
    _ = pool.register(BackdropView.self, forDecorationViewOfKind: "backdrop")
    let made = pool.dequeueSupplementaryView(for: header)
    let view = try #require(made).view
    pool.enqueue(view, category: .supplementaryView, kind: "header")
    let otherKind = pool.dequeueSupplementaryView(for: footer)
    #expect(otherKind?.isNew == true)
    let recycled = pool.dequeueSupplementaryView(for: header)
    #expect(recycled?.view === view)
    let decoration = pool.dequeueDecorationView(ofKind: "backdrop", viewClass: BackdropView.self)
    let backdrop = decoration.view
    #expect(decoration.isNew && backdrop.reuseIdentifier == "backdrop")
    pool.enqueue(backdrop, category: .decorationView, kind: "backdrop")
    #expect(pool.decorationQueues["backdrop"]?.count == 1)
    let again = pool.dequeueDecorationView(ofKind: "backdrop", viewClass: BackdropView.self)
    #expect(!again.isNew && again.view === backdrop)
  }

  @Test("re-registering another class drops the queued views of the old one")
  func reRegistering() throws {
    var pool = ReusePool()
    _ = pool.register(LetterCell.self, forCellWithReuseIdentifier: "letter")
    let made = pool.dequeueCell(withReuseIdentifier: "letter")
    let cell = try #require(made).view
    pool.enqueue(cell, category: .cell, kind: nil)
    let sameClass = pool.register(LetterCell.self, forCellWithReuseIdentifier: "letter")
    #expect(sameClass == 0)
    let otherClass = pool.register(CollectionViewCell.self, forCellWithReuseIdentifier: "letter")
    #expect(otherClass == 1)
    #expect(pool.queuedCount == 0)
  }

  @Test("a view made outside the pool is not queued, and is not one it handed out")
  func outsideViews() throws {
    var pool = ReusePool()
    _ = pool.register(LetterCell.self, forCellWithReuseIdentifier: "letter")
    let stranger = LetterCell()
    let queued = pool.enqueue(stranger, category: .cell, kind: nil)
    #expect(!queued)
    pool.beginVending()
    let made = pool.dequeueCell(withReuseIdentifier: "letter")
    let cell = try #require(made).view
    #expect(pool.hasVended(cell))
    #expect(!pool.hasVended(stranger))
    pool.beginVending()
    #expect(!pool.hasVended(cell), "a new round forgets the views handed out before")
  }
}
