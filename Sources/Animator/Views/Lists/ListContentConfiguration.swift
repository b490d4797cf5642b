import Foundation

/// UIContentConfiguration: what a cell shows, as a value that makes the view showing it.
public protocol ContentConfiguration {
  /// A new view showing this configuration.
  @MainActor func makeContentView() -> View & ConfiguredContentView
}

/// UIContentView: a view made by a content configuration, which takes a new one of the same
/// kind in place.
@MainActor
public protocol ConfiguredContentView: AnyObject {
  /// The configuration shown; setting one of the view's own kind updates it in place.
  var configuration: ContentConfiguration { get set }
}

/// UIListContentConfiguration: a list cell's image, text and secondary text with their fonts,
/// colours and spacing, at UIKit's defaults for each kind of cell
/// (docs/uikit-lists.md#content-configurations).
public struct ListContentConfiguration: ContentConfiguration, Equatable {
  /// UIListContentConfiguration.TextProperties.
  public struct TextProperties: Equatable, Sendable {
    /// UIListContentConfiguration.TextProperties.TextTransform.
    public enum TextTransform: Sendable {
      /// The text as given (the default).
      case none
      /// Every letter upper case.
      case uppercase
      /// Every letter lower case.
      case lowercase
      /// Each word's first letter upper case, the rest lower.
      case capitalized
    }
    /// The font, at a Dynamic Type style's size by default (body for the text).
    public var font: Font
    /// The text colour, resolved for the cell's appearance when drawn.
    public var color: Color
    /// Default `.natural`: left for a left-to-right paragraph, right for a right-to-left one.
    public var alignment: TextAlignment = .natural
    /// 0 = as many lines as the text needs (the default).
    public var numberOfLines = 0
    /// How a line too long for the width ends (default truncated with an ellipsis at the tail).
    public var lineBreakMode: LineBreakMode = .byTruncatingTail
    /// A case change applied to the text when shown; the stored text is unchanged (default `.none`).
    public var transform: TextTransform = .none
  }

  /// UIListContentConfiguration.ImageProperties.
  public struct ImageProperties: Equatable, Sendable {
    /// The largest size the image is shown at, scaled down to fit with its aspect ratio; zero
    /// (the default) on an axis leaves that axis free.
    public var maximumSize: Size = .zero
    /// Points (default 0); above 0 the image is clipped to the rounded rectangle.
    public var cornerRadius = 0.0
    /// Kept for UIKit's API: images here are drawn in their own colours (no template images).
    public var tintColor: Color?
  }

  /// The primary text; nil shows none.
  public var text: String?
  /// The secondary text, below the text or beside it (`prefersSideBySideTextAndSecondaryText`);
  /// nil shows none.
  public var secondaryText: String?
  /// The image before the text, at its size in points within `imageProperties.maximumSize`; nil
  /// shows none.
  public var image: Image?
  /// How the text is set: body style, the label colour, by default.
  public var textProperties: TextProperties
  /// How the secondary text is set; the defaults depend on the kind of cell
  /// (docs/uikit-lists.md#content-configurations).
  public var secondaryTextProperties: TextProperties
  /// How the image is shown (default: its own size, square corners).
  public var imageProperties = ImageProperties()
  /// Space around the content; the leading and trailing ones add to the cell's margins.
  public var directionalLayoutMargins: DirectionalEdgeInsets
  /// Between the image and the text, in points.
  public var imageToTextPadding = ListMetrics.imageToTextPadding
  /// Between the text and the secondary text below it, in points.
  public var textToSecondaryTextVerticalPadding = ListMetrics.textToSecondaryTextPadding
  /// Whether the secondary text goes on the text's line, right-aligned (the value cell's).
  public var prefersSideBySideTextAndSecondaryText: Bool

  private init(secondary style: TableViewCell.CellStyle) {
    textProperties = TextProperties(font: ListMetrics.textFont(.default), color: ListMetrics.textColor(.default))
    secondaryTextProperties = TextProperties(font: ListMetrics.detailFont(style), color: ListMetrics.detailColor(style))
    let margin = ListMetrics.cellVerticalMargin
    directionalLayoutMargins = DirectionalEdgeInsets(top: margin, leading: 0, bottom: margin, trailing: 0)
    prefersSideBySideTextAndSecondaryText = style == .value1
  }

  /// UIListContentConfiguration.cell(): the text in the body style; a secondary text below it
  /// in the body style too.
  public static func cell() -> ListContentConfiguration { ListContentConfiguration(secondary: .default) }
  /// UIListContentConfiguration.subtitleCell(): a smaller secondary text (caption 1) below the
  /// text.
  public static func subtitleCell() -> ListContentConfiguration { ListContentConfiguration(secondary: .subtitle) }
  /// UIListContentConfiguration.valueCell(): the secondary text right-aligned on the text's line,
  /// in the secondary label colour.
  public static func valueCell() -> ListContentConfiguration { ListContentConfiguration(secondary: .value1) }

  @MainActor public func makeContentView() -> View & ConfiguredContentView { ListContentView(configuration: self) }

  /// The cell style whose look this configuration starts from.
  static func forStyle(_ style: TableViewCell.CellStyle) -> ListContentConfiguration {
    switch style {
    case .subtitle: return .subtitleCell()
    case .value1, .value2: return .valueCell()
    case .default: return .cell()
    }
  }
}

/// UIListContentView: shows a `ListContentConfiguration` inside its bounds, laid out as a list
/// cell's content (docs/uikit-lists.md#cell-styles); inside a cell its horizontal margins follow
/// the cell's.
@MainActor
open class ListContentView: View, ConfiguredContentView {
  private let imageView = ImageView()
  private let textLabel = Label()
  private let secondaryLabel = Label()
  private var listConfiguration: ListContentConfiguration
  /// The cell's horizontal margins (left, right), added to the configuration's.
  var cellMargins = (left: 0.0, right: 0.0) { didSet { setNeedsLayout() } }

  /// A view showing `configuration`, laid out when it gets a size.
  public init(configuration: ListContentConfiguration) {
    listConfiguration = configuration
    super.init(frame: .zero)
    for view in [imageView, textLabel, secondaryLabel] as [View] { addSubview(view) }
    apply()
  }

  /// The configuration shown; a list content configuration replaces it, another kind is
  /// ignored (a cell makes a new view for it).
  public var configuration: ContentConfiguration {
    get { listConfiguration }
    set {
      guard let list = newValue as? ListContentConfiguration else { return }
      listConfiguration = list
      apply()
    }
  }

  private func apply() {
    let c = listConfiguration
    imageView.image = c.image
    imageView.isHidden = c.image == nil
    imageView.layer.cornerRadius = c.imageProperties.cornerRadius
    imageView.clipsToBounds = c.imageProperties.cornerRadius > 0
    Self.style(textLabel, c.text, c.textProperties)
    Self.style(secondaryLabel, c.secondaryText, c.secondaryTextProperties)
    setNeedsLayout()
    invalidateIntrinsicContentSize()
  }

  private static func style(_ label: Label, _ text: String?, _ p: ListContentConfiguration.TextProperties) {
    label.text = text.map { transformed($0, p.transform) }
    label.font = p.font
    label.textColor = p.color
    label.textAlignment = p.alignment
    label.numberOfLines = p.numberOfLines
    label.lineBreakMode = p.lineBreakMode
  }

  private static func transformed(_ text: String, _ transform: ListContentConfiguration.TextProperties.TextTransform)
    -> String
  {
    switch transform {
    case .none: return text
    case .uppercase: return text.uppercased()
    case .lowercase: return text.lowercased()
    case .capitalized: return text.capitalized
    }
  }

  private var layout: ListContentLayout {
    let m = listConfiguration.directionalLayoutMargins
    var layout = ListContentLayout(
      arrangement: listConfiguration.prefersSideBySideTextAndSecondaryText ? .value : .stacked,
      margins: EdgeInsets(
        top: m.top, left: m.leading + cellMargins.left, bottom: m.bottom, right: m.trailing + cellMargins.right))
    layout.imageToTextPadding = listConfiguration.imageToTextPadding
    layout.imageMaximumSize = listConfiguration.imageProperties.maximumSize
    layout.textToSecondaryTextPadding = listConfiguration.textToSecondaryTextVerticalPadding
    return layout
  }

  private var parts: ListContentLayout.Parts {
    ListContentLayout.Parts(image: imageView, text: textLabel, secondary: secondaryLabel)
  }

  open override func layoutSubviews() {
    super.layoutSubviews()
    layout.apply(parts, in: bounds)
  }

  /// The height the content needs at `width`.
  func fittingHeight(width: Double) -> Double { layout.fittingHeight(parts, width: width) }

  /// The size the content needs within `size.width`.
  open override func sizeThatFits(_ size: Size) -> Size {
    Size(width: size.width, height: fittingHeight(width: size.width))
  }
}
