import AnimatorTestSupport
import Foundation
import Testing

@testable import Animator

/// docs/layout.md#auto-layout: constraints made with anchors and with the item initializer,
/// solved into frames worked out by hand, on a 375 × 667 screen at 2 pixels per point.
@MainActor
@Suite("Auto Layout", .resetEngineAfterEachTest)
struct AutoLayoutTests {
  func screen() -> (window: Window, root: View) { autoLayoutScreen() }
  func placed(in parent: View) -> View { constrainedView(in: parent) }

  @Test(
    "auto-layout: edges pinned with constants, a fixed height and a centre give their frames (20, 100, 335, 44); a half-width view centred is 187.5 wide at 93.75 → 93.5…281 at 2 px/pt"
  )
  func pinning() {
    let (window, root) = screen()
    let bar = placed(in: root)
    let half = placed(in: root)
    LayoutConstraint.activate([
      bar.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
      bar.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20),
      bar.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
      bar.heightAnchor.constraint(equalToConstant: 44),
      half.centerXAnchor.constraint(equalTo: root.centerXAnchor),
      half.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.5),
      half.topAnchor.constraint(equalTo: bar.bottomAnchor, constant: 8),
      half.heightAnchor.constraint(equalTo: half.widthAnchor, multiplier: 0.25),
    ])
    #expect(bar.frame == Rect(x: 0, y: 0, width: 0, height: 0), "nothing moves before layout")
    _ = window.snapshot(background: nil)
    #expect(bar.frame == Rect(x: 20, y: 100, width: 335, height: 44))
    // 375/4 = 93.75 → 93.5 or 94 at half points: 187.5 px rounds away from zero to 188, so 94;
    // the right edge 281.25 → 562.5 px → 563 → 281.5: width 187.5.
    #expect(half.frame == Rect(x: 94, y: 152, width: 187.5, height: 47))
  }

  @Test(
    "auto-layout: NSLayoutConstraint(item:attribute:relatedBy:toItem:attribute:multiplier:constant:) is the anchors' constraint; ≥ and ≤ bound an optional preference; deactivating gives the previous layout back"
  )
  func itemInitializerAndInequalities() {
    let (_, root) = screen()
    let box = placed(in: root)
    let made = [
      LayoutConstraint(
        item: box, attribute: .left, relatedBy: .equal, toItem: root, attribute: .left, multiplier: 1, constant: 10),
      LayoutConstraint(
        item: box, attribute: .top, relatedBy: .equal, toItem: root, attribute: .top, multiplier: 1, constant: 10),
      LayoutConstraint(
        item: box, attribute: .height, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1,
        constant: 30),
      box.widthAnchor.constraint(lessThanOrEqualToConstant: 300),
    ]
    let wish = box.widthAnchor.constraint(equalToConstant: 400)
    wish.priority = .defaultHigh
    LayoutConstraint.activate(made + [wish])
    root.layoutIfNeeded()
    #expect(box.frame == Rect(x: 10, y: 10, width: 300, height: 30))
    // Size constraints without a second item are installed on the view itself.
    #expect(made.allSatisfy(\.isActive) && wish.isActive && root.constraints.count == 2 && box.constraints.count == 3)
    let wider = box.widthAnchor.constraint(greaterThanOrEqualTo: root.widthAnchor, multiplier: 0.9)
    made[3].isActive = false
    wider.isActive = true
    root.layoutIfNeeded()
    #expect(box.frame.width == 400)
    wish.isActive = false
    root.layoutIfNeeded()
    #expect(box.frame.width == 337.5)  // 0.9 × 375
    #expect(!wish.isActive && root.constraints.count == 3 && box.constraints.count == 1)
  }

  @Test(
    "auto-layout: a layout guide between two views, equal widths and system spacing (8 points): three 114.33-point columns with 8-point gaps at 2 px/pt"
  )
  func guidesAndSystemSpacing() {
    let (_, root) = screen()
    let a = placed(in: root), b = placed(in: root), c = placed(in: root)
    let gap = LayoutGuide()
    root.addLayoutGuide(gap)
    LayoutConstraint.activate([
      a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 12),
      gap.leadingAnchor.constraint(equalTo: a.trailingAnchor),
      gap.widthAnchor.constraint(equalToConstant: 8),
      b.leadingAnchor.constraint(equalTo: gap.trailingAnchor),
      c.leadingAnchor.constraint(equalToSystemSpacingAfter: b.trailingAnchor, multiplier: 1),
      c.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -12),
      b.widthAnchor.constraint(equalTo: a.widthAnchor),
      c.widthAnchor.constraint(equalTo: a.widthAnchor),
      a.topAnchor.constraint(equalTo: root.topAnchor), b.topAnchor.constraint(equalTo: root.topAnchor),
      c.topAnchor.constraint(equalTo: root.topAnchor),
      a.heightAnchor.constraint(equalToConstant: 10), b.heightAnchor.constraint(equalToConstant: 10),
      c.heightAnchor.constraint(equalToConstant: 10),
    ])
    root.layoutIfNeeded()
    // (375 − 24 − 16) / 3 = 111.666…: edges at 12, 123.67, 131.67, 243.33, 251.33, 363 rounded
    // to half points: 12, 123.5, 131.5, 243.5, 251.5, 363.
    #expect(a.frame == Rect(x: 12, y: 0, width: 111.5, height: 10))
    #expect(b.frame == Rect(x: 131.5, y: 0, width: 112, height: 10))
    #expect(c.frame == Rect(x: 251.5, y: 0, width: 111.5, height: 10))
    #expect(abs(gap.layoutFrame.minX - (12 + 335.0 / 3)) < 1e-9 && gap.layoutFrame.width == 8)
  }

  @Test(
    "what-views-imply: a view that keeps its frame (translatesAutoresizingMaskIntoConstraints) is a fixed point others are constrained to; one inside a view Auto Layout sizes follows its autoresizing mask"
  )
  func impliedFrames() {
    let (_, root) = screen()
    let fixed = View(frame: Rect(x: 10, y: 20, width: 100, height: 50))
    root.addSubview(fixed)
    let next = placed(in: root)
    let panel = placed(in: root)
    panel.frame = Rect(x: 0, y: 0, width: 100, height: 20)
    let stretchy = View(frame: Rect(x: 10, y: 0, width: 80, height: 20))
    stretchy.autoresizingMask = [.flexibleWidth]
    panel.addSubview(stretchy)
    LayoutConstraint.activate([
      next.leadingAnchor.constraint(equalTo: fixed.trailingAnchor, constant: 8),
      next.topAnchor.constraint(equalTo: fixed.topAnchor),
      next.widthAnchor.constraint(equalToConstant: 40), next.heightAnchor.constraint(equalTo: fixed.heightAnchor),
      panel.leadingAnchor.constraint(equalTo: root.leadingAnchor),
      panel.topAnchor.constraint(equalTo: root.topAnchor, constant: 200),
      panel.widthAnchor.constraint(equalToConstant: 200), panel.heightAnchor.constraint(equalToConstant: 20),
      // Constrained to the autoresized view: it must be where the mask puts it, 10…190 (10
      // from each side of the panel, which grows from 100 to 200).
      next.trailingAnchor.constraint(lessThanOrEqualTo: stretchy.trailingAnchor, constant: 1000),
    ])
    root.layoutIfNeeded()
    #expect(next.frame == Rect(x: 118, y: 20, width: 40, height: 50))
    #expect(panel.frame == Rect(x: 0, y: 200, width: 200, height: 20))
    #expect(stretchy.frame == Rect(x: 10, y: 0, width: 180, height: 20))
  }

  @Test(
    "safe-area: with a 47-point top and 34-point bottom inset, a view 20 points below the safe area's top is at 67, one on its bottom ends at 633; a view controller's root view has 16-point side margins from the safe area"
  )
  func safeAreaAndMargins() {
    let (window, root) = screen()
    Screen.main.safeAreaInsets = EdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
    let top = placed(in: root), bottom = placed(in: root), marginal = placed(in: root)
    LayoutConstraint.activate([
      top.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor, constant: 20),
      top.leadingAnchor.constraint(equalTo: root.leadingAnchor), top.widthAnchor.constraint(equalToConstant: 10),
      top.heightAnchor.constraint(equalToConstant: 10),
      bottom.bottomAnchor.constraint(equalTo: root.safeAreaLayoutGuide.bottomAnchor),
      bottom.leadingAnchor.constraint(equalTo: root.leadingAnchor), bottom.widthAnchor.constraint(equalToConstant: 10),
      bottom.heightAnchor.constraint(equalToConstant: 10),
      marginal.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
      marginal.topAnchor.constraint(equalTo: root.layoutMarginsGuide.topAnchor),
      marginal.trailingAnchor.constraint(equalTo: root.layoutMarginsGuide.trailingAnchor),
      marginal.heightAnchor.constraint(equalToConstant: 10),
    ])
    _ = window.snapshot(background: nil)
    #expect(root.safeAreaInsets == EdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
    #expect(top.frame == Rect(x: 0, y: 67, width: 10, height: 10))
    #expect(bottom.frame == Rect(x: 0, y: 623, width: 10, height: 10))
    // A plain view's margins: 8 on each side, from the safe area.
    #expect(marginal.frame == Rect(x: 8, y: 55, width: 359, height: 10))
    root.directionalLayoutMargins = DirectionalEdgeInsets(top: 0, leading: 30, bottom: 0, trailing: 5)
    _ = window.snapshot(background: nil)
    #expect(marginal.frame == Rect(x: 30, y: 47, width: 340, height: 10))
    // A view controller's root view: 16-point sides (375 < 414), 0 top, from the safe area.
    let controller = ViewController()
    controller.view.frame = window.bounds
    window.addSubview(controller.view)
    #expect(controller.view.layoutMargins == EdgeInsets(top: 0, left: 16, bottom: 0, right: 16))
    #expect(controller.view.layoutMarginsGuide.layoutFrame == Rect(x: 16, y: 47, width: 343, height: 586))
    controller.additionalSafeAreaInsets = EdgeInsets(top: 10, left: 0, bottom: 0, right: 0)
    #expect(controller.view.safeAreaInsets.top == 57)
  }
}
