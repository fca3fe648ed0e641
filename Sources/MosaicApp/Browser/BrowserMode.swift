/// What the browser's keys do at the moment.
///
/// UIKit: which view controller is on top (the cards, a search bar, a pushed detail, a sheet).
enum BrowserMode {
  /// Keys move the focus over the cards.
  case browsing
  /// Keys edit the search query.
  case searching
  /// A record's detail is open; keys scroll it.
  case detail(DetailView)
  /// The help box is open over a screen, which the keys go back to when it closes.
  indirect case help(HelpOverlay, over: BrowserMode)
  /// Keys edit the `&` filter.
  case filtering(FilterEditor)
  /// Keys type the number of a record to go to (`:`); the text typed so far.
  case jumping(String)
  /// A field's frequency table is open (`F`); keys move over its values.
  case frequencies(FrequencyView)
  /// A field's summary is open (`I`).
  case summary(SummaryPanel)
  /// The list of conditions on show is open (`|`).
  case conditions(ConditionsPanel)
  /// Keys type the path the view is saved to (Ctrl-S).
  case saving(SavePrompt)
  /// The columns sheet is open (`#`); keys move over its fields.
  case columnsSheet(ColumnsSheet)
  /// Keys type the name of a field to go to (`@`).
  case columnJump(ColumnPrompt)
}
