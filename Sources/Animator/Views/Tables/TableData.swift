import Foundation

// What a table asks its data source and delegate when its data loads: the sections, the rows
// and their heights, the headers' and footers' titles or views and their heights
// (docs/uikit-lists.md#row-heights, #headers-and-footers).

extension TableView {
  /// Asks the data source and the delegate for the sections, rows and heights; self-sizing
  /// rows start at their estimate (or their height measured since the last reload).
  func loadData() -> TableGeometry {
    let sectionCount = checkedCount(
      dataSource.map { $0.numberOfSections(in: self) } ?? 0,
      "numberOfSections(in:) returned %d: Failed to allocate data stores for %d sections. Consider using fewer sections."
    )
    var sections: [TableGeometry.Section] = []
    var selfSizing = Set<IndexPath>()
    for s in 0..<sectionCount {
      let rows = checkedCount(
        dataSource?.tableView(self, numberOfRowsInSection: s) ?? 0,
        "tableView(_:numberOfRowsInSection:) returned %d for section \(s): Failed to allocate data stores for %d rows in section \(s). Consider using fewer rows"
      )
      var heights: [Double] = []
      for r in 0..<rows {
        let path = IndexPath(row: r, section: s)
        let asked = tableDelegate?.tableView(self, heightForRowAt: path) ?? rowHeight
        if asked == TableView.automaticDimension || asked < 0 {
          selfSizing.insert(path)
          heights.append(measuredHeights[path] ?? estimatedHeight(of: path))
        } else {
          heights.append(asked)
        }
      }
      let header = headerHeight(of: s, first: s == 0)
      sections.append(
        TableGeometry.Section(
          header: header.height, headerPadding: header.padding, footer: footerHeight(of: s), rowHeights: heights))
    }
    return TableGeometry(
      width: bounds.width, rowInset: style == .insetGrouped ? ListMetrics.tableMargin(for: self) : 0,
      tableHeader: Double(tableHeaderView?.frame.height ?? 0), tableFooter: Double(tableFooterView?.frame.height ?? 0),
      sections: sections, selfSizing: selfSizing)
  }

  /// `count` when it is 0 or more; a negative count is UIKit's exception (`message` with the
  /// count for each `%d`), reported as misuse, and taken as 0.
  private func checkedCount(_ count: Int, _ message: String) -> Int {
    guard count < 0 else { return count }
    ListMisuse.report(message.replacingOccurrences(of: "%d", with: String(count)))
    return 0
  }

  /// The height assumed for a self-sizing row until its cell is measured.
  private func estimatedHeight(of path: IndexPath) -> Double {
    let estimate = tableDelegate?.tableView(self, estimatedHeightForRowAt: path) ?? estimatedRowHeight
    return estimate > 0 ? estimate : ListMetrics.standardRowHeight
  }

  // MARK: Headers and footers

  /// The section's header title, uppercased in the grouped styles.
  func headerTitle(of section: Int) -> String? {
    guard let title = dataSource?.tableView(self, titleForHeaderInSection: section), !title.isEmpty else { return nil }
    return style == .plain ? title : title.uppercased()
  }

  func footerTitle(of section: Int) -> String? {
    guard let title = dataSource?.tableView(self, titleForFooterInSection: section), !title.isEmpty else { return nil }
    return title
  }

  /// The header's height and the padding above it: the delegate's or `sectionHeaderHeight`, or
  /// with `automaticDimension` the height of its view or title, or the style's empty header.
  private func headerHeight(of section: Int, first: Bool) -> (height: Double, padding: Double) {
    let view = tableDelegate?.tableView(self, viewForHeaderInSection: section)
    let title = headerTitle(of: section)
    let hasHeader = view != nil || title != nil
    let padding = style == .plain && hasHeader ? plainHeaderPadding : 0
    let asked = tableDelegate?.tableView(self, heightForHeaderInSection: section) ?? sectionHeaderHeight
    if asked >= 0 { return (asked + padding, padding) }
    if let view { return (naturalHeight(of: view) + padding, padding) }
    if let title { return (titleHeight(title, header: true, first: first) + padding, padding) }
    guard style != .plain else { return (0, 0) }
    return (first ? ListMetrics.groupedFirstSectionOffset : ListMetrics.groupedEmptyHeaderFooterHeight, 0)
  }

  private func footerHeight(of section: Int) -> Double {
    let asked = tableDelegate?.tableView(self, heightForFooterInSection: section) ?? sectionFooterHeight
    if asked >= 0 { return asked }
    if let view = tableDelegate?.tableView(self, viewForFooterInSection: section) { return naturalHeight(of: view) }
    if let title = footerTitle(of: section) { return titleHeight(title, header: false, first: false) }
    return style == .plain ? 0 : ListMetrics.groupedEmptyHeaderFooterHeight
  }

  private var plainHeaderPadding: Double {
    sectionHeaderTopPadding >= 0 ? sectionHeaderTopPadding : ListMetrics.plainHeaderTopPadding
  }

  /// A header or footer view's height at the table's width: Auto Layout's for its constraints,
  /// else its frame's.
  private func naturalHeight(of view: View) -> Double {
    guard !view.activeConstraintsBelow().isEmpty else { return view.frame.height }
    return view.systemLayoutSizeFitting(
      Size(width: bounds.width, height: 0), withHorizontalFittingPriority: .required,
      verticalFittingPriority: .fittingSizeLevel
    ).height
  }

  /// A title header's or footer's height: its margins around the wrapped title.
  private func titleHeight(_ title: String, header: Bool, first: Bool) -> Double {
    let label = titleLabel(title)
    let text = label.sizeThatFits(Size(width: titleWidth, height: 0)).height
    let margins = titleMargins(header: header, first: first)
    let height = margins.top + text + margins.bottom
    return style == .plain ? max(ListMetrics.plainHeaderMinimumHeight, height) : height
  }

  /// Space above and below a title.
  func titleMargins(header: Bool, first: Bool) -> (top: Double, bottom: Double) {
    if style == .plain { return (ListMetrics.plainHeaderFooterMargin, ListMetrics.plainHeaderFooterMargin) }
    if header {
      let top = first ? ListMetrics.groupedHeaderTopMargin.first : ListMetrics.groupedHeaderTopMargin.other
      return (top, ListMetrics.groupedHeaderBottomMargin)
    }
    return ListMetrics.groupedFooterMargins
  }

  /// Where a title starts: at the rows' text (the margin, inside the inset of an inset grouped
  /// section).
  var titleLeading: Double {
    let margin = ListMetrics.tableMargin(for: self)
    return style == .insetGrouped ? 2 * margin : margin
  }

  var titleWidth: Double { max(0, bounds.width - 2 * titleLeading) }

  /// A title's label in the style's font and colour, wrapping.
  func titleLabel(_ title: String) -> Label {
    let label = Label()
    label.text = title
    label.font = style == .plain ? ListMetrics.plainHeaderFont : ListMetrics.groupedHeaderFont
    label.textColor = ListMetrics.headerFooterColor
    label.numberOfLines = 0
    return label
  }

  /// The view showing a header's or footer's title in `rect`: the title at the margins, its
  /// bottom on the bottom margin of a header, its top on the top margin of a footer.
  func titleView(_ title: String, header: Bool, first: Bool, size: Size) -> View {
    let view = View(frame: Rect(origin: .zero, size: size))
    view.name = header ? "header" : "footer"
    view.isUserInteractionEnabled = false
    let label = titleLabel(title)
    label.name = "title"
    let margins = titleMargins(header: header, first: first)
    let height = label.sizeThatFits(Size(width: titleWidth, height: 0)).height
    let y = header ? size.height - margins.bottom - height : margins.top
    label.frame = Rect(x: titleLeading, y: y, width: titleWidth, height: height)
    view.addSubview(label)
    return view
  }
}
