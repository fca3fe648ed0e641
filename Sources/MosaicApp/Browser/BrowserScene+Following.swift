import MosaicCollection
import MosaicData

extension BrowserScene {
  /// Follows the file as it grows (`--follow`, less's `+F`): the focus goes to the end now and
  /// stays on the newest record while the user is there; moved elsewhere, the view stays put and
  /// the status bar counts the records that arrived since ("following · 12 new"). A file
  /// truncated or replaced (log rotation) is reopened at once.
  public func startFollowing() {
    fileWatch.following = FollowState()
    followEnd(atEnd: true)
  }

  /// Whether the file is followed.
  public var isFollowing: Bool { fileWatch.following != nil }

  /// The last item on show, or nil when there is none.
  var lastRecordItem: IndexPath? {
    for section in (0..<collectionView.numberOfSections).reversed() {
      let items = collectionView.numberOfItems(inSection: section)
      if items > 0 { return IndexPath(item: items - 1, section: section) }
    }
    return nil
  }

  /// Before new records are shown: whether the user is at the end, to be kept there. On the
  /// last record, or still where following put the focus, is at the end; anywhere else is not.
  func isAtFollowedEnd() -> Bool {
    guard var state = fileWatch.following else { return false }
    let focused = collectionView.indexPathForFocusedItem
    if focused == nil || focused == lastRecordItem {
      state.followsEnd = true
    } else if focused != state.placedFocus {
      state.followsEnd = false
    }
    fileWatch.following = state
    return state.followsEnd
  }

  /// After new records are shown: moves the focus to the last record when the user was at the
  /// end; returns whether it moved.
  @discardableResult
  func followEnd(atEnd: Bool) -> Bool {
    guard var state = fileWatch.following else { return false }
    defer { fileWatch.following = state }
    guard atEnd else { return false }
    state.followsEnd = true
    state.seenCount = dataSource.index.totalCount
    guard let last = lastRecordItem, last != collectionView.indexPathForFocusedItem else {
      return false
    }
    collectionView.focusItem(at: last)
    state.placedFocus = last
    return true
  }

  /// The status bar's word while following: "following", and how many records arrived while the
  /// user was away from the end; nil when not following.
  var followStatus: String? {
    guard let state = fileWatch.following else { return nil }
    let new = state.followsEnd ? 0 : max(0, dataSource.index.totalCount - state.seenCount)
    return new > 0 ? "following · \(new.groupedDigits(separator: ",")) new" : "following"
  }
}
