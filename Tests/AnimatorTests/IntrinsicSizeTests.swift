import AnimatorTestSupport
import Foundation
import Pixels
import Testing

@testable import Animator

/// docs/layout.md#intrinsic-content-sizes and #hugging-and-compression-resistance: labels,
/// images and buttons sized by their content. Text sizes come from the text engine called
/// directly with the same text; the frames are worked out by hand from them.
@MainActor
@Suite("Intrinsic content sizes", .resetEngineAfterEachTest)
struct IntrinsicSizeTests {
  func screen(width: Double = 375) -> View {
    AnimationEngine.reset()
    Screen.main.scale = 2
    Screen.main.safeAreaInsets = .zero
    return View(frame: Rect(x: 0, y: 0, width: width, height: 667))
  }

  func label(_ text: String, in parent: View, lines: Int = 1) -> Label {
    let label = Label()
    label.text = text
    label.numberOfLines = lines
    label.translatesAutoresizingMaskIntoConstraints = false
    parent.addSubview(label)
    return label
  }

  func natural(_ label: Label, width: Double = 0) -> Size {
    TextEngine.shared.size(of: label.textBlock, fitting: Size(width: width, height: 0))
  }

  @Test(
    "intrinsic-content-sizes: a label pinned by two edges takes its text's size; of two labels sharing a row, the one that hugs less (250 against 251) stretches"
  )
  func labelsInARow() {
    let root = screen()
    let name = label("Quarterly figures", in: root)
    let date = label("Tuesday", in: root)
    name.setContentHuggingPriority(LayoutPriority(251), for: .horizontal)
    LayoutConstraint.activate([
      name.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
      name.topAnchor.constraint(equalTo: root.topAnchor, constant: 16),
      date.leadingAnchor.constraint(equalTo: name.trailingAnchor, constant: 8),
      date.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
      date.firstBaselineAnchor.constraint(equalTo: name.firstBaselineAnchor),
    ])
    root.layoutIfNeeded()
    let n = natural(name), d = natural(date)
    #expect(name.frame == Rect(x: 16, y: 16, width: n.width, height: n.height))
    #expect(date.frame == Rect(x: 24 + n.width, y: 16, width: 375 - 40 - n.width, height: d.height))
    #expect(d.width < 375 - 40 - n.width)
    #expect(AnimationEngine.current.diagnostics.isEmpty)
  }

  @Test(
    "hugging-and-compression-resistance: in a row too narrow for both labels the one that resists compression less (750 against 751) gives way"
  )
  func compression() {
    let root = screen(width: 200)
    let first = label("Quarterly figures", in: root)
    let second = label("Tuesday afternoon", in: root)
    first.setContentCompressionResistancePriority(LayoutPriority(751), for: .horizontal)
    LayoutConstraint.activate([
      first.leadingAnchor.constraint(equalTo: root.leadingAnchor),
      first.topAnchor.constraint(equalTo: root.topAnchor),
      second.leadingAnchor.constraint(equalTo: first.trailingAnchor, constant: 8),
      second.trailingAnchor.constraint(lessThanOrEqualTo: root.trailingAnchor),
      second.topAnchor.constraint(equalTo: root.topAnchor),
    ])
    root.layoutIfNeeded()
    let f = natural(first)
    #expect(f.width < 192 && f.width + 8 + natural(second).width > 200)
    #expect(first.frame.width == f.width)
    #expect(second.frame == Rect(x: f.width + 8, y: 0, width: 192 - f.width, height: natural(second).height))
    #expect(first.contentCompressionResistancePriority(for: .vertical) == .defaultHigh)
    #expect(second.contentHuggingPriority(for: .vertical) == .defaultLow)
  }

  @Test(
    "intrinsic-content-sizes: a label of several lines pinned to both sides wraps at the width Auto Layout gives it (335 points) and takes the wrapped height; with preferredMaxLayoutWidth 200 its height is the text wrapped at 200"
  )
  func wrappingLabel() {
    let root = screen()
    let text = String(repeating: "Layout as UIKit does it, with constraints and stack views. ", count: 4)
    let body = label(text, in: root, lines: 0)
    LayoutConstraint.activate([
      body.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
      body.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20),
      body.topAnchor.constraint(equalTo: root.topAnchor, constant: 40),
    ])
    root.layoutIfNeeded()
    let wrapped = natural(body, width: 335)
    #expect(wrapped.height > natural(body).height * 3)
    #expect(body.frame == Rect(x: 20, y: 40, width: 335, height: wrapped.height))
    body.preferredMaxLayoutWidth = 200
    root.layoutIfNeeded()
    #expect(body.frame == Rect(x: 20, y: 40, width: 335, height: natural(body, width: 200).height))
  }

  @Test(
    "intrinsic-content-sizes: an image view takes its image's size in points (60 × 30 pixels at @3x: 20 × 10), a button its title's plus its content insets; a new image resizes it"
  )
  func imagesAndButtons() {
    let root = screen()
    let bitmap = Bitmap(RGBAImage(width: 60, height: 30, fill: RGBA8(0, 0, 0))!, label: "icon@3x")
    let icon = ImageView(image: Image(bitmap: bitmap, scale: 3))
    icon.translatesAutoresizingMaskIntoConstraints = false
    let button = Button(type: .system)
    button.setTitle("Reply", for: .normal)
    button.contentEdgeInsets = (top: 6, left: 12, bottom: 6, right: 12)
    button.translatesAutoresizingMaskIntoConstraints = false
    root.addSubview(icon)
    root.addSubview(button)
    LayoutConstraint.activate([
      icon.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
      icon.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
      button.leadingAnchor.constraint(equalTo: icon.trailingAnchor, constant: 10),
      button.centerYAnchor.constraint(equalTo: icon.centerYAnchor),
    ])
    root.layoutIfNeeded()
    #expect(icon.frame == Rect(x: 10, y: 10, width: 20, height: 10))
    let title = TextEngine.shared.size(of: button.titleLabel.textBlock, fitting: .zero)
    let size = Size(width: title.width + 24, height: title.height + 12)
    #expect(button.frame == Rect(x: 40, y: 15 - size.height / 2, width: size.width, height: size.height))
    icon.image = Image(bitmap: bitmap, scale: 1)
    root.layoutIfNeeded()
    #expect(icon.frame == Rect(x: 10, y: 10, width: 60, height: 30))
  }
}
