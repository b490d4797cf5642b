import FrameEncoding
import Foundation

/// What a command makes, which decides what each form of output path means.
package enum OutputCommand: Sendable, CaseIterable {
  /// A transition's frames: `render EFFECT -o`, `Recording.write(to:)`.
  case frames
  /// `render EFFECT --stills -o`: labelled stills of one transition.
  case stills
  /// `render EFFECT --curves -o`: the motion-curves plot.
  case curves
  /// `render encode FRAMES -o`: an animation of existing PNG frames.
  case encode
}

/// What an output path asks for, read in one place from the path's form (`-`, a folder, an
/// extension) and the command (docs/encoders.md#output-kinds):
///
/// | path | frames | stills | curves | encode |
/// | --- | --- | --- | --- | --- |
/// | `-` | GIF on standard output | – | – | – |
/// | an existing folder, `…/`, no extension | PNG sequence | a PNG per still | – | – |
/// | `.gif`, `.apng`, `.webp` | that animation | – | – | that animation |
/// | `.png` | contact sheet | one strip | the plot as PNG | APNG |
/// | `.svg` | – | – | the plot as SVG | – |
///
/// Extensions are read without regard to case. Whether the place can be written is the
/// writer's check (`RenderOutput`, `checkWritableFile`), not this one's.
package enum OutputKind: Sendable, Equatable {
  case standardOutputGIF
  case pngSequence
  case animation(OutputFormat)
  case contactSheet
  case stillsStrip
  case stillsFolder
  case curvesSVG
  case curvesPNG

  /// The kind `path` names for `command`; a form the command does not write is a usage error
  /// naming the forms it does, and a path that names no file or folder (empty, `.`, `..`) or
  /// an existing folder named like a file is an error naming the path.
  public init(path: String, command: OutputCommand) throws {
    let form = try OutputForm(path)
    guard let kind = Self.table[command]?[form] else {
      throw RenderError(Self.refusal(path, form: form, command: command), usage: true)
    }
    self = kind
  }

  /// The one table of what each form means to each command.
  static let table: [OutputCommand: [OutputForm: OutputKind]] = [
    .frames: [
      .standardOutput: .standardOutputGIF, .folder: .pngSequence, .file("gif"): .animation(.gif),
      .file("apng"): .animation(.apng), .file("webp"): .animation(.webp), .file("png"): .contactSheet,
    ],
    .stills: [.folder: .stillsFolder, .file("png"): .stillsStrip],
    .curves: [.file("svg"): .curvesSVG, .file("png"): .curvesPNG],
    .encode: [
      .file("gif"): .animation(.gif), .file("apng"): .animation(.apng), .file("webp"): .animation(.webp),
      .file("png"): .animation(.apng),
    ],
  ]

  /// The accepted forms of `command`, in words, for messages.
  static func accepted(by command: OutputCommand) -> String {
    switch command {
    case .frames:
      return ".gif, .apng, .webp, .png (a contact sheet), a folder (PNG frames) or - (a GIF on standard output)"
    case .stills: return ".png (one strip) or a folder (a PNG per still)"
    case .curves: return ".svg or .png"
    case .encode: return ".gif, .apng, .webp or .png (an APNG)"
    }
  }

  private static func refusal(_ path: String, form: OutputForm, command: OutputCommand) -> String {
    let what: String
    switch form {
    case .standardOutput: what = "standard output"
    case .folder: what = "a folder"
    case .file(let ext): what = ".\(ext)"
    }
    let name: String
    switch command {
    case .frames: name = "frames"
    case .stills: name = "--stills"
    case .curves: name = "--curves"
    case .encode: name = "render encode"
    }
    return "Unsupported output '\(path)': \(what) is not a known format for \(name); use \(accepted(by: command))"
  }

  /// The animation format written, GIF for standard output; nil for the other kinds.
  public var animationFormat: OutputFormat? {
    switch self {
    case .animation(let format): return format
    case .standardOutputGIF: return .gif
    default: return nil
    }
  }
}

/// A path's form: what `OutputKind` reads before the command gives it a meaning.
enum OutputForm: Hashable {
  case standardOutput
  /// An existing folder, a path ending in `/`, or one without an extension.
  case folder
  /// A file with this extension, in lower case.
  case file(String)

  init(_ path: String) throws {
    if path == "-" {
      self = .standardOutput
      return
    }
    let name = path.split(separator: "/").last.map(String.init) ?? ""
    if name.isEmpty || name == "." || name == ".." {
      throw RenderError(
        "'\(path)' cannot be an output: name a file (.gif, .apng, .webp, .png) or a new folder for PNG frames, e.g. -o frames/",
        usage: true)
    }
    let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
    let existingFolder = isFolder(path)
    if existingFolder && Self.fileExtensions.contains(ext) {
      throw RenderError("cannot write '\(path)': it is a folder, and a .\(ext) output is a file")
    }
    self = existingFolder || path.hasSuffix("/") || ext.isEmpty ? .folder : .file(ext)
  }

  /// The extensions some command writes as a file.
  static let fileExtensions = Set(
    OutputKind.table.values.flatMap(\.keys).compactMap { form -> String? in
      if case .file(let ext) = form { return ext }
      return nil
    })
}
