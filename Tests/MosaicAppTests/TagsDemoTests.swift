import MosaicApp
import MosaicCollection
import MosaicLayout
import MosaicTestSupport
import Testing

/// The `tags` demo: item widths from their words, through the flow delegate.
@Suite @MainActor struct TagsDemoTests {
  @Test func firstScreen() {
    let surface = drawn(TagsDemo())
    let expected = """

        swift    terminal   layout    flow   grid    cell   item    section   header
        footer   inset   spacing   scroll   focus   select   reuse   queue   dequeue
        register   delegate   datasource   bounds   frame   offset   content   point
        size   rect    edge   cursor   ncurses   surface    canvas   glyph   unicode
        emoji   width    height   column   row   line    baseline   margin   padding
        border    box    title   status    bar    key    arrow   page    home    end
        enter    escape    mouse    wheel   click    press    highlight    selection
        multiple    single    batch    update     insert    delete    move    reload
        invalidate   prepare   query   attributes   zindex   alpha   hidden   pinned
        sticky   horizontal   vertical   direction   axis   prefix   binary   search
        arithmetic   uniform   lazy   cache    memory   benchmark   median   latency
        frame-rate   redraw    diff   snapshot   test   fixture    sweep   invariant
        brute   force    contract   spec    json   parser   error    exit   argument
        option     flag    subcommand     executable    module     package    target
        library   protocol    extension   struct   class   enum    closure   generic
        associated   type    optional   result    throws   async    actor   sendable
        isolation     concurrency    thread     lock     atomic    signal     resize
        sigwinch   locale    utf8   wide    narrow   combining    grapheme   cluster
        tab    newline    whitespace    trim   wrap    truncate    ellipsis    align
        center    left     right    top    bottom    leading     trailing    justify
        distribute   compositional    orthogonal   spreadsheet    million   thousand
        tag    cloud    word    letter    digit    number    value    sum    product
       tags │ 288 words │ “swift” 7 wide │ 0 selected │ ? keys · q quits
      """
    #expect(Snapshot.diff(surface, expected) == nil, "\(Snapshot.diff(surface, expected) ?? "")")
  }

  @Test func everyTagIsAsWideAsItsWordPlusAColumnEachSide() {
    let demo = TagsDemo()
    #expect(demo.words.count >= 200 && Set(demo.words).count == demo.words.count)
    var widths: Set<Int> = []
    for (item, word) in demo.words.enumerated() {
      let frame = demo.collectionView.layoutAttributesForItem(
        at: IndexPath(item: item, section: 0))?
        .frame
      let cells = CellMetrics.standard.cellRect(for: frame ?? .zero)
      #expect(cells.columns == CharacterWidth.of(word) + 2 && cells.rows == 1, "\(word)")
      widths.insert(cells.columns)
    }
    #expect(widths.count >= 10, "varied widths: the per-item path, not one itemSize")
    // The cells on screen show their own words.
    _ = drawn(demo)
    for cell in demo.collectionView.visibleCells {
      guard let path = demo.collectionView.indexPath(for: cell) else { continue }
      #expect(cell.frame.columns == CharacterWidth.of(demo.words[path.item]) + 2)
    }
  }

  @Test func enterTogglesTheFocusedTagAndTheEndIsReachable() {
    let demo = TagsDemo()
    var surface = drawn(demo, after: [.enter, .right, .enter, .right, .enter, .enter])
    #expect(
      demo.collectionView.indexPathsForSelectedItems
        == [0, 1].map { IndexPath(item: $0, section: 0) })
    #expect(surface.lines.last?.contains("│ 2 selected │") == true)
    #expect(surface.lines.last?.contains("“layout” 8 wide") == true)
    surface = drawn(demo, after: [.end])
    #expect(surface.lines.dropLast().joined().contains("conhost"))
    #expect(surface.lines.last?.contains("“conhost”") == true)
  }
}
