import CPango
import Foundation
import Pixels

/// The fonts text is drawn with, and nothing else (docs/text.md#only-the-fonts-we-ship): Inter
/// and Inter Display upright in nine weights from the Debian package `fonts-inter`, and Noto
/// Color Emoji from `fonts-noto-color-emoji`. Their files are named here by path; fontconfig
/// is given these files alone, so no font installed on the machine can change a layout.
package enum ShippedFonts {
  /// Inter's upright styles, lightest first, with their OpenType weights; index i is the face
  /// of `Font.Weight.named[i]` (UIKit's ultraLight is the lightest cut, Thin).
  static let interStyles: [(style: String, cssWeight: Int)] = [
    ("Thin", 100), ("ExtraLight", 200), ("Light", 300), ("Regular", 400), ("Medium", 500), ("SemiBold", 600),
    ("Bold", 700), ("ExtraBold", 800), ("Black", 900),
  ]

  static let interFolder = "/usr/share/fonts/opentype/inter"
  static let emojiPath = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"

  /// A font file and the Debian package that installs it.
  public struct File: Sendable, Hashable {
    public let path: String
    public let package: String
    /// The file's name, e.g. `Inter-Regular.otf`.
    public var name: String { URL(fileURLWithPath: path).lastPathComponent }
  }

  /// Every file, in a fixed order: Inter, Inter Display, Noto Color Emoji.
  public static let files: [File] =
    ["Inter", "InterDisplay"].flatMap { family in
      interStyles.map { File(path: "\(interFolder)/\(family)-\($0.style).otf", package: "fonts-inter") }
    } + [File(path: emojiPath, package: "fonts-noto-color-emoji")]

  /// The files that are not installed; empty when text can be drawn.
  public static var missing: [File] { files.filter { !FileManager.default.isReadableFile(atPath: $0.path) } }

  /// One line naming the missing packages, or nil when every file is there.
  public static var problem: String? {
    let gone = missing
    guard let first = gone.first else { return nil }
    let packages = Array(Set(gone.map(\.package))).sorted().joined(separator: " ")
    return "text needs the fonts of the Debian packages \(packages), and \(first.path) is missing; "
      + "install them with 'apt-get install \(packages)' (or run make demo / make test as root)"
  }

  /// SHA-256 (hex) of each installed file, by file name; computed once per process.
  public static let hashes: [String: String] = {
    var out: [String: String] = [:]
    for file in files {
      guard let data = FileManager.default.contents(atPath: file.path) else { continue }
      out[file.name] = SHA256.hex([UInt8](data))
    }
    return out
  }()

  /// Our fontconfig rules: every pattern and every font unhinted, antialiased in gray, with no
  /// subpixel order or LCD filter, and bitmap (emoji) fonts scaled to the size asked for, so
  /// nothing a machine's own configuration says reaches a layout
  /// (docs/text.md#our-fontconfig-configuration).
  static let configuration = """
    <?xml version="1.0"?>
    <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
    <fontconfig>
      <match target="pattern">
        <edit name="hinting" mode="assign"><bool>false</bool></edit>
        <edit name="hintstyle" mode="assign"><const>hintnone</const></edit>
        <edit name="autohint" mode="assign"><bool>false</bool></edit>
        <edit name="antialias" mode="assign"><bool>true</bool></edit>
        <edit name="rgba" mode="assign"><const>none</const></edit>
        <edit name="lcdfilter" mode="assign"><const>lcdnone</const></edit>
      </match>
      <match target="font">
        <edit name="hinting" mode="assign"><bool>false</bool></edit>
        <edit name="hintstyle" mode="assign"><const>hintnone</const></edit>
        <edit name="autohint" mode="assign"><bool>false</bool></edit>
        <edit name="antialias" mode="assign"><bool>true</bool></edit>
        <edit name="rgba" mode="assign"><const>none</const></edit>
        <edit name="lcdfilter" mode="assign"><const>lcdnone</const></edit>
      </match>
      <!-- A color bitmap font (Noto Color Emoji has one strike) is scaled from its strike's
           pixel size to the size asked for, by its matrix. -->
      <match target="font">
        <test name="outline" compare="eq"><bool>false</bool></test>
        <edit name="pixelsizefixupfactor" mode="assign">
          <divide><name target="pattern">pixelsize</name><name target="font">pixelsize</name></divide>
        </edit>
      </match>
      <match target="font">
        <test name="outline" compare="eq"><bool>false</bool></test>
        <edit name="matrix" mode="assign">
          <matrix>
            <name>pixelsizefixupfactor</name><double>0</double>
            <double>0</double><name>pixelsizefixupfactor</name>
          </matrix>
        </edit>
        <edit name="size" mode="assign"><divide><name>size</name><name>pixelsizefixupfactor</name></divide></edit>
      </match>
    </fontconfig>
    """

  /// A fontconfig configuration of our rules and our files alone (no system configuration, no
  /// font folders); nil when a file cannot be added.
  static func makeConfiguration() -> OpaquePointer? {
    guard let config = FcConfigCreate() else { return nil }
    let parsed = configuration.withCString { xml in
      xml.withMemoryRebound(to: FcChar8.self, capacity: configuration.utf8.count) {
        FcConfigParseAndLoadFromMemory(config, $0, FcTrue)
      }
    }
    var added = parsed == FcTrue
    for file in files where added {
      added =
        file.path.withCString { p in
          p.withMemoryRebound(to: FcChar8.self, capacity: file.path.utf8.count) { FcConfigAppFontAddFile(config, $0) }
        } == FcTrue
    }
    guard added else {
      FcConfigDestroy(config)
      return nil
    }
    return config
  }
}

/// The versions of the text libraries this process runs with: a layout (so a frame's pixels)
/// is only comparable between identical versions and font files, so manifests record them.
package enum TextLibraries {
  /// Pango's runtime version, e.g. "1.50.12".
  public static var pango: String { String(cString: pango_version_string()) }
  /// HarfBuzz's runtime version, e.g. "6.0.0".
  public static var harfbuzz: String { String(cString: hb_version_string()) }
  /// fontconfig's runtime version, e.g. "2.14.1".
  public static var fontconfig: String {
    let v = Int(FcGetVersion())
    return "\(v / 10000).\(v / 100 % 100).\(v % 100)"
  }
  /// FreeType's runtime version, e.g. "2.12.1".
  public static var freetype: String {
    var library: FT_Library?
    guard FT_Init_FreeType(&library) == 0, let library else { return "unknown" }
    defer { FT_Done_FreeType(library) }
    var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
    FT_Library_Version(library, &major, &minor, &patch)
    return "\(major).\(minor).\(patch)"
  }
}
