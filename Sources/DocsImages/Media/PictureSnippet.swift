import Foundation
import FrameEncoding

/// The `<picture>` element that shows a transition's media where it is pasted (a README on
/// GitHub, a docs page): the dark WebP where the reader asks for dark, else the light WebP;
/// where the browser has no WebP, the dark GIF or the light GIF, which is the `<img>` every
/// renderer shows, with its width and alt text. A browser takes the first `<source>` whose
/// `media` and `type` it matches, so the order is the rule.
package struct PictureSnippet {
  public let entry: MediaEntry
  /// What goes before each file's name: the media folder as the page reaches it, with its
  /// slash (`docs/media/`), or nothing when the page is beside the media.
  public var prefix = ""
  /// The `<img>`'s width in CSS pixels; nil gives the animation's own.
  public var width: Int?
  /// More attributes of the `<img>` (`loading="lazy"`), written after its alt text.
  public var imageAttributes = ""

  public init(_ entry: MediaEntry, prefix: String = "", width: Int? = nil) {
    self.entry = entry
    self.prefix = prefix
    self.width = width
  }

  static let dark = "(prefers-color-scheme: dark)"

  /// The element, one tag a line, `indent` before each inner one.
  public func html(indent: String = "  ") -> String {
    let e = Self.escape
    let names = { (appearance: MediaAppearance, format: OutputFormat) in
      e(prefix + appearance.animation(entry.name, format))
    }
    return [
      "<picture>",
      "\(indent)<source media=\"\(Self.dark)\" srcset=\"\(names(.dark, .webp))\" type=\"image/webp\">",
      "\(indent)<source srcset=\"\(names(.light, .webp))\" type=\"image/webp\">",
      "\(indent)<source media=\"\(Self.dark)\" srcset=\"\(names(.dark, .gif))\">",
      "\(indent)<img src=\"\(names(.light, .gif))\" width=\"\(width ?? entry.width)\" alt=\"\(e(entry.alt))\"\(imageAttributes.isEmpty ? "" : " " + imageAttributes)>",
      "</picture>",
    ].joined(separator: "\n")
  }

  /// Text safe inside an attribute or an element.
  public static func escape(_ s: String) -> String {
    s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }
}
