// UIKit's Auto Layout names: constraints, anchors, priorities, guides and insets
// (docs/layout.md, docs/uikit-names.md#layout-uikit).

/// NSLayoutConstraint (`Attribute`, `Relation`, `Axis` nested as in UIKit).
public typealias NSLayoutConstraint = LayoutConstraint
/// UILayoutPriority.
public typealias UILayoutPriority = LayoutPriority
/// NSLayoutAnchor.
public typealias NSLayoutAnchor<AnchorType: AnyObject> = LayoutAnchor<AnchorType>
/// NSLayoutXAxisAnchor.
public typealias NSLayoutXAxisAnchor = LayoutXAxisAnchor
/// NSLayoutYAxisAnchor.
public typealias NSLayoutYAxisAnchor = LayoutYAxisAnchor
/// NSLayoutDimension.
public typealias NSLayoutDimension = LayoutDimension
/// UILayoutGuide.
public typealias UILayoutGuide = LayoutGuide
/// NSDirectionalEdgeInsets.
public typealias NSDirectionalEdgeInsets = DirectionalEdgeInsets
/// UIStackView (`Distribution`, `Alignment`, `spacingUseDefault`, `spacingUseSystem` nested as in
/// UIKit).
public typealias UIStackView = StackView
