import Foundation

/// A table view cell (UITableViewCell): a row's view. Its `contentView` holds what the row
/// shows: the labels and image view of its style, the view of a `contentConfiguration`, or the
/// app's own subviews (laid out with Auto Layout against the content view's margins for a
/// self-sizing row). An accessory sits at its trailing edge, a separator along its bottom
/// (docs/uikit-lists.md#cell-styles).
@MainActor
open class TableViewCell: View {
  /// UITableViewCell.CellStyle (UIKit's raw values).
  public enum CellStyle: Int, Sendable {
    /// An image and a title.
    case `default` = 0
    /// A title and, right-aligned on its line, a detail in the secondary label colour.
    case value1
    /// A right-aligned title in the tint colour and a detail after it, both in the footnote style.
    case value2
    /// A title and a smaller detail below it.
    case subtitle
  }

  /// UITableViewCell.AccessoryType (UIKit's raw values).
  public enum AccessoryType: Int, Sendable {
    /// Nothing at the trailing margin (the default).
    case none = 0
    /// A chevron, 8 × 13 points, in the tertiary label colour (docs/uikit-lists.md#accessories).
    case disclosureIndicator
    /// The detail button and the chevron, 12 points apart.
    case detailDisclosureButton
    /// A checkmark, 14 × 13 points, in the tint colour.
    case checkmark
    /// A 22-point ring with an "i".
    case detailButton
  }

  /// UITableViewCell.SelectionStyle: `.none` shows no highlight; the others the grey one
  /// (iOS 7 on).
  public enum SelectionStyle: Int, Sendable {
    /// No highlight when selected or highlighted.
    case none = 0
    /// The grey highlight (systemGray4), as since iOS 7.
    case blue
    /// The grey highlight (systemGray4).
    case gray
    /// The grey highlight (systemGray4); the default.
    case `default`
  }

  /// The style the cell was made with.
  let cellStyle: CellStyle
  /// UITableViewCell.reuseIdentifier: the identifier the cell is dequeued with.
  public let reuseIdentifier: String?
  /// UITableViewCell.contentView: where the row's content goes; it ends before the accessory.
  public let contentView = View()
  /// UITableViewCell.accessoryType (default `.none`); ignored while `accessoryView` is set.
  public var accessoryType: AccessoryType = .none { didSet { if accessoryType != oldValue { accessoryDidChange() } } }
  /// UITableViewCell.accessoryView: a view of the app's in place of the standard accessory,
  /// at its own size.
  public var accessoryView: View? { didSet { accessoryDidChange() } }
  /// UITableViewCell.selectionStyle (default `.default`).
  public var selectionStyle: SelectionStyle = .default { didSet { updateHighlight() } }
  /// UITableViewCell.backgroundView: behind everything, filling the cell (nil: the table's
  /// colour for its style).
  public var backgroundView: View? { didSet { replace(oldValue, with: backgroundView, at: 0) } }
  /// UITableViewCell.selectedBackgroundView: shown over the background while the cell is
  /// selected or highlighted (nil: the system grey, systemGray4).
  public var selectedBackgroundView: View? {
    didSet {
      oldValue?.removeFromSuperview()
      updateHighlight()
    }
  }
  /// UITableViewCell.separatorInset: the separator's distance from the cell's left and right
  /// edges (top and bottom are ignored); nil (the default) follows the table.
  public var separatorInset: EdgeInsets {
    get { ownSeparatorInset ?? separators.tableInset ?? defaultSeparatorInset }
    set {
      ownSeparatorInset = newValue
      setNeedsLayout()
    }
  }
  private var ownSeparatorInset: EdgeInsets?

  /// Whether the cell is selected (UITableViewCell.isSelected); the table sets it.
  public var isSelected: Bool {
    get { selected }
    set { setSelected(newValue, animated: false) }
  }
  /// Whether the cell is highlighted (a finger is on it).
  public var isHighlighted: Bool {
    get { highlighted }
    set { setHighlighted(newValue, animated: false) }
  }
  private var selected = false
  private var highlighted = false

  // What the table gives the cell (TableTiling).
  /// The table that made or dequeued the cell, which alone may show it.
  weak var owningTable: TableView?
  /// The horizontal margins of the table's content (left, right) in points.
  var tableMargins = (left: 16.0, right: 16.0) { didSet { setNeedsLayout() } }
  /// The background for the table's style, unless the app set one.
  var styleBackgroundColor: Color? { didSet { applyBackgroundColor() } }
  /// Which separators show: along the bottom (inset or full width), along the top.
  var separators = Separators() { didSet { setNeedsLayout() } }
  struct Separators: Equatable {
    var bottom = true
    var bottomFullWidth = false
    var top = false
    var color = ListMetrics.separatorColor
    /// The table's `separatorInset`, when the app set one.
    var tableInset: EdgeInsets?
  }

  private var ownBackgroundColor: Color??
  private let bottomSeparator = View()
  private let topSeparator = View()
  private var shownAccessory: View?
  private let highlightView = View()
  // The legacy labels and image view, made on first use.
  private var legacyText: Label?
  private var legacyDetail: Label?
  private var legacyImage: ImageView?
  /// The view of the content configuration, if one is set.
  private var configuredView: (View & ConfiguredContentView)?

  /// UITableViewCell(style:reuseIdentifier:).
  public init(style: CellStyle, reuseIdentifier: String?) {
    cellStyle = style
    self.reuseIdentifier = reuseIdentifier
    super.init(frame: Rect(x: 0, y: 0, width: 320, height: ListMetrics.standardRowHeight))
    name = "cell"
    contentView.name = "content"
    contentView.insetsLayoutMarginsFromSafeArea = false
    insetsLayoutMarginsFromSafeArea = false
    highlightView.backgroundColor = ListMetrics.selectedBackground
    highlightView.isHidden = true
    for separator in [bottomSeparator, topSeparator] { separator.isUserInteractionEnabled = false }
    addSubview(highlightView)
    addSubview(contentView)
    addSubview(bottomSeparator)
    addSubview(topSeparator)
    setNeedsLayout()
  }

  /// A cell of the default style without a reuse identifier (UITableViewCell()).
  public convenience init() { self.init(style: .default, reuseIdentifier: nil) }

  /// The cell a table makes for a class registered under `reuseIdentifier`: its
  /// `init(style:reuseIdentifier:)` with the default style, as UIKit calls it. Subclasses
  /// inherit it while they override `init(style:reuseIdentifier:)` or add no initializer.
  public required convenience init(registeredReuseIdentifier reuseIdentifier: String) {
    self.init(style: .default, reuseIdentifier: reuseIdentifier)
  }

  // MARK: Style content

  /// UITableViewCell.textLabel: the title of the cell's style (body, label colour; value2:
  /// footnote in the tint colour), made on first use.
  public var textLabel: Label? {
    if let legacyText { return legacyText }
    let label = Label()
    label.font = ListMetrics.textFont(cellStyle)
    label.textColor = ListMetrics.textColor(cellStyle)
    if cellStyle == .value2 { label.textAlignment = .right }
    legacyText = label
    installLegacy(label)
    return label
  }

  /// UITableViewCell.detailTextLabel: the detail of the value1, value2 and subtitle styles
  /// (nil for the default style), made on first use.
  public var detailTextLabel: Label? {
    guard cellStyle != .default else { return nil }
    if let legacyDetail { return legacyDetail }
    let label = Label()
    label.font = ListMetrics.detailFont(cellStyle)
    label.textColor = ListMetrics.detailColor(cellStyle)
    legacyDetail = label
    installLegacy(label)
    return label
  }

  /// UITableViewCell.imageView: the image before the title (at its own size), made on first
  /// use; it takes no room without an image.
  public var imageView: ImageView? {
    if let legacyImage { return legacyImage }
    let view = ImageView()
    legacyImage = view
    installLegacy(view)
    return view
  }

  private func installLegacy(_ view: View) {
    if configuredView == nil { contentView.addSubview(view) }
    setNeedsLayout()
  }

  /// UITableViewCell.defaultContentConfiguration(): a list content configuration with the
  /// look of the cell's style, without content.
  public func defaultContentConfiguration() -> ListContentConfiguration {
    ListContentConfiguration.forStyle(cellStyle)
  }

  /// UITableViewCell.contentConfiguration: what the content view shows instead of the style's
  /// labels; a configuration of the kind already shown updates its view in place.
  public var contentConfiguration: ContentConfiguration? {
    get { configuredView?.configuration }
    set { configure(newValue) }
  }

  private func configure(_ configuration: ContentConfiguration?) {
    guard let configuration else {
      configuredView?.removeFromSuperview()
      configuredView = nil
      for view in [legacyImage, legacyText, legacyDetail] as [View?] { view.map(contentView.addSubview) }
      setNeedsLayout()
      return
    }
    if let view = configuredView, type(of: view.configuration) == type(of: configuration) {
      view.configuration = configuration
    } else {
      configuredView?.removeFromSuperview()
      let view = configuration.makeContentView()
      view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      configuredView = view
      contentView.addSubview(view)
    }
    for view in [legacyImage, legacyText, legacyDetail] as [View?] { view?.removeFromSuperview() }
    setNeedsLayout()
  }

  // MARK: Selection

  /// UITableViewCell.setSelected(_:animated:): shows or hides the selection highlight (faded
  /// over 0.25 s when animated). The table calls it; override to react.
  open func setSelected(_ selected: Bool, animated: Bool) {
    self.selected = selected
    updateHighlight(animated: animated)
  }

  /// UITableViewCell.setHighlighted(_:animated:): as `setSelected`, while a finger is down.
  open func setHighlighted(_ highlighted: Bool, animated: Bool) {
    self.highlighted = highlighted
    updateHighlight(animated: animated)
  }

  /// UITableViewCell.prepareForReuse(): called before a cell is dequeued again; the default
  /// does nothing (the table resets the selection).
  open func prepareForReuse() {}

  /// Seconds an animated change of the highlight takes (UIKit's implicit animation's 0.25 s;
  /// assumed).
  static let highlightFadeDuration = 0.25

  private func updateHighlight(animated: Bool = false) {
    let shows = (selected || highlighted) && selectionStyle != .none
    let view = selectedBackgroundView ?? highlightView
    if selectedBackgroundView != nil { highlightView.isHidden = true }
    if view.superview !== self { insertSubview(view, aboveSubview: backgroundView ?? highlightView) }
    view.frame = bounds
    guard animated, shows != !view.isHidden else {
      view.isHidden = !shows
      view.alpha = 1
      return
    }
    view.isHidden = false
    view.alpha = shows ? 0 : 1
    View.animate(
      withDuration: Self.highlightFadeDuration, animations: { view.alpha = shows ? 1 : 0 },
      completion: { [weak self] _ in
        guard let self else { return }
        let still = (self.selected || self.highlighted) && self.selectionStyle != .none
        view.isHidden = !still
        view.alpha = 1
      })
  }

  // MARK: Background

  /// The cell's background colour; until the app sets one, the table's for its style.
  public override var backgroundColor: Color? {
    get { super.backgroundColor }
    set {
      ownBackgroundColor = .some(newValue)
      super.backgroundColor = newValue
    }
  }

  private func applyBackgroundColor() {
    if ownBackgroundColor == nil { super.backgroundColor = styleBackgroundColor }
  }

  private func replace(_ old: View?, with new: View?, at index: Int) {
    old?.removeFromSuperview()
    if let new { insertSubview(new, at: index) }
    setNeedsLayout()
  }

  // MARK: Layout

  private func accessoryDidChange() {
    shownAccessory?.removeFromSuperview()
    shownAccessory = accessoryView ?? AccessoryGlyphs.view(for: accessoryType)
    if let shownAccessory { insertSubview(shownAccessory, belowSubview: bottomSeparator) }
    setNeedsLayout()
    invalidateIntrinsicContentSize()
  }

  /// The separator inset when the app sets none: from the text's leading edge (the table's
  /// margin, past the image when the style shows one).
  private var defaultSeparatorInset: EdgeInsets {
    var left = tableMargins.left
    if configuredView == nil, let image = legacyImage?.image {
      left += image.size.width + ListMetrics.imageToTextPadding
    } else if let list = configuredView?.configuration as? ListContentConfiguration, let image = list.image {
      left +=
        ListContentLayout.fit(image.size, within: list.imageProperties.maximumSize).width + list.imageToTextPadding
    }
    return EdgeInsets(top: 0, left: left, bottom: 0, right: 0)
  }

  open override func layoutSubviews() {
    super.layoutSubviews()
    let b = bounds
    for view in [backgroundView, highlightView, selectedBackgroundView] where view?.frame != b { view?.frame = b }
    let content = layOutAccessory(in: b)
    if contentView.frame != content { contentView.frame = content }
    let margins = contentMargins
    if contentView.directionalLayoutMargins != margins { contentView.directionalLayoutMargins = margins }
    (configuredView as? ListContentView)?.cellMargins = (margins.leading, margins.trailing)
    configuredView.map { if $0.frame != contentView.bounds { $0.frame = contentView.bounds } }
    if configuredView == nil, legacyText != nil || legacyDetail != nil || legacyImage != nil {
      legacyLayout.apply(legacyParts, in: contentView.bounds)
    }
    layOutSeparators(in: b)
  }

  /// Places the accessory at the trailing margin, centred vertically; the content's frame is
  /// what is left before it.
  private func layOutAccessory(in b: Rect) -> Rect {
    guard let accessory = shownAccessory else { return b }
    let size = accessory.bounds.size
    let x = b.maxX - tableMargins.right - size.width
    accessory.frame = Rect(x: x, y: b.minY + (b.height - size.height) / 2, width: size.width, height: size.height)
    return Rect(x: b.minX, y: b.minY, width: max(0, x - b.minX), height: b.height)
  }

  /// The content view's layout margins: the style's vertical margins, the table's margin at
  /// the leading edge, and at the trailing edge the table's margin or, before an accessory,
  /// the padding to it.
  var contentMargins: DirectionalEdgeInsets {
    let vertical = cellStyle == .subtitle ? ListMetrics.subtitleStyleVerticalMargin : ListMetrics.cellVerticalMargin
    let trailing = shownAccessory == nil ? tableMargins.right : ListMetrics.contentToAccessoryPadding
    return DirectionalEdgeInsets(top: vertical, leading: tableMargins.left, bottom: vertical, trailing: trailing)
  }

  private var legacyLayout: ListContentLayout {
    let m = contentMargins
    let arrangement: ListContentLayout.Arrangement =
      switch cellStyle {
      case .default, .subtitle: .stacked
      case .value1: .value
      case .value2: .titleColumn
      }
    var layout = ListContentLayout(
      arrangement: arrangement, margins: EdgeInsets(top: m.top, left: m.leading, bottom: m.bottom, right: m.trailing))
    if cellStyle == .subtitle { layout.textToSecondaryTextPadding = 0 }
    return layout
  }

  private var legacyParts: ListContentLayout.Parts {
    ListContentLayout.Parts(image: legacyImage, text: legacyText ?? Label(), secondary: legacyDetail)
  }

  private func layOutSeparators(in b: Rect) {
    let line = ListMetrics.hairline
    let inset = separators.bottomFullWidth ? .zero : separatorInset
    bottomSeparator.isHidden = !separators.bottom
    bottomSeparator.backgroundColor = separators.color
    bottomSeparator.frame = Rect(
      x: b.minX + inset.left, y: b.maxY - line, width: max(0, b.width - inset.left - inset.right), height: line)
    topSeparator.isHidden = !separators.top
    topSeparator.backgroundColor = separators.color
    topSeparator.frame = Rect(x: b.minX, y: b.minY, width: b.width, height: line)
  }

  // MARK: Self-sizing

  /// The row height the cell's content needs at the cell's current width
  /// (docs/uikit-lists.md#row-heights): the style's or configuration's layout (at least the
  /// standard 44 points), or what Auto Layout gives the content view for the app's own
  /// constraints; the standard height for content placed by frames.
  func fittingHeight() -> Double {
    layoutIfNeeded()
    let width = contentView.bounds.width
    if let list = configuredView as? ListContentView {
      return max(ListMetrics.standardRowHeight, list.fittingHeight(width: width))
    }
    if !contentView.activeConstraintsBelow().isEmpty {
      return contentView.systemLayoutSizeFitting(
        Size(width: width, height: 0), withHorizontalFittingPriority: .required,
        verticalFittingPriority: .fittingSizeLevel
      ).height
    }
    if configuredView == nil, legacyText != nil || legacyDetail != nil || legacyImage != nil {
      return max(ListMetrics.standardRowHeight, legacyLayout.fittingHeight(legacyParts, width: width))
    }
    return ListMetrics.standardRowHeight
  }
}
