import AnimatorTestSupport
import Pixels
import Testing

@testable import Animator

/// Label, Button and ImageView on the animator side: what their layers hold in a snapshot, and
/// their sizes (docs/text.md#label-layout, #label-size-that-fits;
/// docs/core-animation.md#layout-then-display, #contents-gravity). Expected layouts come from
/// the text engine called directly with the same block and box.
@MainActor
@Suite("Label, Button, ImageView", .resetEngineAfterEachTest)
struct LabelTests {
  func layout(_ view: View) -> TextLayout? {
    if case .text(let layout)? = view.layer.presentationSnapshot().contents { return layout }
    return nil
  }

  @Test(
    "layout-then-display: a label's snapshot holds the layout of its text in its bounds, made again after each change")
  func displayCycle() throws {
    let label = Label(frame: Rect(x: 0, y: 0, width: 200, height: 40))
    #expect(layout(label) == nil)  // no text, nothing drawn
    label.text = "Inbox"
    label.font = .boldSystemFont(ofSize: 34)
    let first = try #require(layout(label))
    #expect(first == TextEngine.shared.layout(label.textBlock, in: Size(width: 200, height: 40)))
    #expect(layout(label) === first)  // not made again when nothing changed
    label.textColor = Color(hex: 0xFF3B30)
    #expect(try #require(layout(label)).color == Color(hex: 0xFF3B30))
    label.frame = Rect(x: 0, y: 0, width: 60, height: 40)
    let narrow = try #require(layout(label))
    #expect(narrow.box == Size(width: 60, height: 40))
    #expect(narrow.glyphs.count < first.glyphs.count)  // truncated with …
    label.text = nil
    #expect(layout(label) == nil)
  }

  @Test(
    "label-size-that-fits: sizeThatFits and intrinsicContentSize are the text's size, sizeToFit sets the bounds to it")
  func sizes() {
    let label = Label(frame: Rect(x: 10, y: 20, width: 5, height: 5))
    label.text = "Quarterly figures"
    label.font = .preferredFont(forTextStyle: .headline)
    let natural = TextEngine.shared.size(of: label.textBlock, fitting: .zero)
    #expect(label.intrinsicContentSize == natural)
    #expect(label.sizeThatFits(.zero) == natural)
    label.sizeToFit()
    #expect(label.frame == Rect(x: 10, y: 20, width: natural.width, height: natural.height))
    // One line ignores the size it is given; more lines wrap to its width.
    #expect(label.sizeThatFits(Size(width: 60, height: 10)) == natural)
    label.numberOfLines = 0
    let wrapped = label.sizeThatFits(Size(width: 60, height: 0))
    #expect(wrapped.width <= 60 && wrapped.height > natural.height)
    #expect(Label().intrinsicContentSize == .zero)
  }

  @Test(
    "layout-then-display: a button lays its title label out over its bounds inside the insets, the system type in the tint color"
  )
  func button() throws {
    let button = Button(type: .system, frame: Rect(x: 0, y: 0, width: 120, height: 44))
    button.setTitle("Reply", for: .normal)
    _ = button.layer.presentationSnapshot()
    #expect(button.titleLabel.frame == Rect(x: 0, y: 0, width: 120, height: 44))
    // The tint is systemBlue: 0, 122, 255 in the light appearance.
    #expect(button.titleLabel.textColor == .systemBlue && button.titleLabel.textAlignment == .center)
    #expect(button.titleLabel.textBlock.color == Color(hex: 0x007AFF))
    #expect(button.titleLabel.font == .systemFont(ofSize: 15))
    button.contentEdgeInsets = (top: 4, left: 10, bottom: 4, right: 10)
    button.frame = Rect(x: 0, y: 0, width: 200, height: 50)
    let tree = button.layer.presentationSnapshot()
    #expect(button.titleLabel.frame == Rect(x: 10, y: 4, width: 180, height: 42))
    let text = try #require(tree.sublayers.first)
    if case .text(let layout)? = text.contents {
      #expect(layout.box == Size(width: 180, height: 42))
      #expect(abs(try #require(layout.lines.first).frame.midX - 90) < 1.0 / 1024)  // centred, to Pango's unit
    } else {
      Issue.record("the title label draws no text")
    }
    button.setTitleColor(.white, for: .normal)
    #expect(button.titleLabel.textColor == .white)
    let fit = button.sizeThatFits(.zero)
    let title = button.titleLabel.sizeThatFits(.zero)
    #expect(fit == Size(width: title.width + 20, height: title.height + 8))
  }

  @Test(
    "contents-gravity: an image view's content mode becomes its layer's gravity, its image's scale the contents scale, its size the image's in points"
  )
  func imageView() {
    let bitmap = Bitmap(RGBAImage(width: 60, height: 30, fill: RGBA8(0, 0, 0))!, label: "icon@3x")
    let view = ImageView(image: Image(bitmap: bitmap, scale: 3))
    #expect(view.frame == Rect(x: 0, y: 0, width: 20, height: 10))
    #expect(view.intrinsicContentSize == Size(width: 20, height: 10))
    view.contentMode = .scaleAspectFill
    let snapshot = view.layer.presentationSnapshot()
    #expect(snapshot.contentsGravity == .resizeAspectFill && snapshot.contentsScale == 3)
    #expect(snapshot.contents == .image(bitmap))
    let pairs: [(View.ContentMode, ContentsGravity)] = [
      (.scaleToFill, .resize), (.scaleAspectFit, .resizeAspect), (.center, .center), (.topLeft, .topLeft),
      (.bottom, .bottom),
    ]
    for (mode, gravity) in pairs {
      view.contentMode = mode
      #expect(view.layer.contentsGravity == gravity)
    }
    #expect(ImageView().intrinsicContentSize == Size(width: -1, height: -1))
  }
}
