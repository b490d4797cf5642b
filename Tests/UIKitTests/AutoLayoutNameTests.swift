import AnimatorTestSupport
import Foundation
import Testing
import UIKit

// UIKit's Auto Layout names are the library's types: constraints made with UIKit's spelling
// give the frames worked out by hand.

@MainActor
@Suite("UIKit's Auto Layout names", .resetEngineAfterEachTest)
struct AutoLayoutNameTests {
  @Test(
    "NSLayoutConstraint, UILayoutPriority, the NSLayoutAnchor family, UILayoutGuide, NSDirectionalEdgeInsets, UIEdgeInsets and UIStackView are the library's types; Attribute, Relation, Distribution and Alignment keep UIKit's raw values"
  )
  func sameTypes() {
    let pairs: [(Any.Type, Any.Type)] = [
      (NSLayoutConstraint.self, LayoutConstraint.self), (UILayoutPriority.self, LayoutPriority.self),
      (NSLayoutAnchor<NSLayoutXAxisAnchor>.self, LayoutAnchor<LayoutXAxisAnchor>.self),
      (NSLayoutXAxisAnchor.self, LayoutXAxisAnchor.self), (NSLayoutYAxisAnchor.self, LayoutYAxisAnchor.self),
      (NSLayoutDimension.self, LayoutDimension.self), (UILayoutGuide.self, LayoutGuide.self),
      (NSDirectionalEdgeInsets.self, DirectionalEdgeInsets.self), (UIEdgeInsets.self, EdgeInsets.self),
      (NSLayoutConstraint.Attribute.self, LayoutConstraint.Attribute.self),
      (NSLayoutConstraint.Axis.self, LayoutConstraint.Axis.self), (UIStackView.self, StackView.self),
      (UIStackView.Distribution.self, StackView.Distribution.self),
      (UIStackView.Alignment.self, StackView.Alignment.self),
    ]
    for (uikit, library) in pairs { #expect(ObjectIdentifier(uikit) == ObjectIdentifier(library)) }
    // NSLayoutAttributeLeft = 1 … NSLayoutAttributeCenterY = 10, LastBaseline 11, FirstBaseline 12,
    // LeftMargin 13 … CenterYWithinMargins 20, NotAnAttribute 0; relations −1, 0, 1.
    #expect(NSLayoutConstraint.Attribute.left.rawValue == 1 && NSLayoutConstraint.Attribute.centerY.rawValue == 10)
    #expect(NSLayoutConstraint.Attribute.firstBaseline.rawValue == 12)
    #expect(NSLayoutConstraint.Attribute.centerYWithinMargins.rawValue == 20)
    #expect(NSLayoutConstraint.Relation.lessThanOrEqual.rawValue == -1)
    #expect(UILayoutPriority.required.rawValue == 1000 && UILayoutPriority.defaultHigh.rawValue == 750)
    #expect(UILayoutPriority.defaultLow.rawValue == 250 && UILayoutPriority.fittingSizeLevel.rawValue == 50)
    #expect((UILayoutPriority.required - 1).rawValue == 999 && UILayoutPriority(rawValue: 251) > .defaultLow)
    // UIStackViewDistributionFill 0 … EqualCentering 4; alignment top = leading = 1, bottom =
    // trailing = 4, lastBaseline 5.
    #expect(UIStackView.Distribution.equalCentering.rawValue == 4)
    #expect(UIStackView.Alignment.top == .leading && UIStackView.Alignment.bottom.rawValue == 4)
    #expect(UIStackView.Alignment.lastBaseline.rawValue == 5)
  }

  @Test(
    "A screen written with UIKit's Auto Layout calls (activate, anchors with constants and a multiplier, a UILayoutGuide, the item initializer, a priority) gets the frames worked out by hand"
  )
  func uikitSpelledLayout() {
    AnimationEngine.reset()
    UIScreen.main.scale = 2
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
    let header = UIView(), footer = UIView()
    let spacer = UILayoutGuide()
    view.addLayoutGuide(spacer)
    for v in [header, footer] {
      v.translatesAutoresizingMaskIntoConstraints = false
      view.addSubview(v)
    }
    let tall = header.heightAnchor.constraint(equalToConstant: 500)
    tall.priority = UILayoutPriority(rawValue: 999)
    NSLayoutConstraint.activate([
      header.topAnchor.constraint(equalTo: view.topAnchor, constant: 10),
      header.leadingAnchor.constraint(equalTo: view.leadingAnchor),
      header.widthAnchor.constraint(equalTo: view.widthAnchor, multiplier: 0.5, constant: 20),
      header.heightAnchor.constraint(lessThanOrEqualToConstant: 100), tall,
      spacer.topAnchor.constraint(equalTo: header.bottomAnchor),
      spacer.heightAnchor.constraint(equalToConstant: 30),
      NSLayoutConstraint(
        item: footer, attribute: .top, relatedBy: .equal, toItem: spacer, attribute: .bottom, multiplier: 1,
        constant: 0),
      footer.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -5),
      footer.widthAnchor.constraint(equalToConstant: 60), footer.heightAnchor.constraint(equalToConstant: 20),
    ])
    view.layoutIfNeeded()
    #expect(header.frame == CGRect(x: 0, y: 10, width: 180, height: 100))
    #expect(footer.frame == CGRect(x: 255, y: 140, width: 60, height: 20))
    #expect(spacer.layoutFrame.minY == 110 && spacer.layoutFrame.height == 30)
  }
}
