import Foundation
import Pixels
import Testing
import ToolTestSupport

@testable import FrameEncoding

/// Outputs are written under temporary names and moved into place whole (docs/encoders.md#output-files).
@Suite("staged outputs")
struct StagedOutputTests {
  func folder() throws -> String {
    newTestFolder("staged")
  }

  func contents(_ path: String) -> [UInt8]? { FileManager.default.contents(atPath: path).map { [UInt8]($0) } }

  func entries(_ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
  }

  @Test("A 250-byte file name is written: the temporary name beside it stays short")
  func longName() throws {
    let dir = try folder()
    let path = dir + "/" + String(repeating: "n", count: 246) + ".gif"
    try writeAtomically([1, 2, 3], to: path)
    #expect(contents(path) == [1, 2, 3])
    #expect(entries(dir).count == 1)
  }

  @Test("The temporary file is created exclusively: a link planted under its name is not followed")
  func plantedLink() throws {
    let dir = try folder()
    let victim = dir + "/victim.txt"
    try writeAtomically(Array("keep".utf8), to: victim)
    // The next temporary names of this process, each a link to the victim.
    let next = TemporaryName.next()
    let number = Int(next.split(separator: "-").last!.dropLast(4))!
    for n in (number + 1)...(number + 50) {
      try FileManager.default.createSymbolicLink(
        atPath: dir + "/.render-\(getpid())-\(n).tmp", withDestinationPath: victim)
    }
    try writeAtomically(Array("output".utf8), to: dir + "/out.gif")
    #expect(contents(victim) == Array("keep".utf8))
    #expect(contents(dir + "/out.gif") == Array("output".utf8))
  }

  @Test("Stale temporary files of ended processes are removed (any form of ours); a running process's are kept")
  func staleCleanup() throws {
    let dir = try folder()
    let ended = try endedProcess()
    let stale = [".render-\(ended)-1.tmp", ".out.gif.tmp-\(ended)", ".render-\(ended)-7.tmp"]
    FileManager.default.createFile(atPath: dir + "/" + stale[0], contents: Data([1]))
    FileManager.default.createFile(atPath: dir + "/" + stale[1], contents: Data([1]))
    try FileManager.default.createDirectory(atPath: dir + "/" + stale[2] + "/inner", withIntermediateDirectories: true)
    let live = ".render-\(getppid())-3.tmp"
    let unrelated = [".other.gif.tmp-\(ended)", "notes.tmp"]
    for name in [live] + unrelated { FileManager.default.createFile(atPath: dir + "/" + name, contents: Data([1])) }
    try writeAtomically([9], to: dir + "/out.gif")
    #expect(entries(dir) == ([live, "out.gif"] + unrelated).sorted())
  }

  @Test("A failed write replaces nothing and leaves no temporary file")
  func failedWrite() throws {
    let dir = try folder()
    try writeAtomically([1], to: dir + "/out.gif")
    struct Boom: Error {}
    #expect(throws: Boom.self) {
      try writeAtomically(to: dir + "/out.gif") { sink in
        try sink.write([2, 2, 2])
        throw Boom()
      }
    }
    #expect(contents(dir + "/out.gif") == [1])
    #expect(entries(dir) == ["out.gif"])
  }

  @Test("Outputs committed together: when one cannot be moved into place, those already moved go back")
  func rollBack() throws {
    let dir = try folder()
    try writeAtomically(Array("old A".utf8), to: dir + "/a.gif")
    let outputs = StagedOutputs()
    try outputs.file(dir + "/a.gif").sink.write(Array("new A".utf8))
    try outputs.file(dir + "/b.json").sink.write(Array("new B".utf8))
    // b.json becomes a folder after staging: it cannot be replaced by a file.
    try FileManager.default.createDirectory(atPath: dir + "/b.json/x", withIntermediateDirectories: true)
    #expect(throws: EncodingError.self) { try outputs.commit() }
    #expect(contents(dir + "/a.gif") == Array("old A".utf8))
    #expect(entries(dir) == ["a.gif", "b.json"])
  }

  @Test("A staged folder replaces an existing one whole, in one exchange; a folder it must not replace stays")
  func folderSwap() throws {
    let dir = try folder()
    let target = dir + "/frames"
    try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
    for name in ["0000.png", "0001.png", "0042.png"] {
      FileManager.default.createFile(atPath: target + "/" + name, contents: Data([0]))
    }
    let staged = try StagedFolder(path: target + "/", replaceable: { _ in })
    FileManager.default.createFile(atPath: staged.temporaryPath + "/0000.png", contents: Data([7]))
    try staged.commit()
    #expect(entries(target) == ["0000.png"])
    #expect(contents(target + "/0000.png") == [7])
    #expect(entries(dir) == ["frames"])

    struct Refused: Error {}
    let refused = try StagedFolder(path: target, replaceable: { _ in throw Refused() })
    #expect(throws: Refused.self) { try refused.commit() }
    #expect(contents(target + "/0000.png") == [7])
    #expect(entries(dir) == ["frames"])
  }

  /// The id of a process that has ended.
  func endedProcess() throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/true")
    try process.run()
    process.waitUntilExit()
    return process.processIdentifier
  }
}

/// `PNGStreamWriter` against an independent decoder.
@Suite("streamed PNG")
struct PNGStreamWriterTests {
  /// Noise, so the compressed data spans many 64 KiB IDAT chunks.
  func noise(width: Int, height: Int, alpha: Bool) -> RGBAImage {
    var image = RGBAImage(width: width, height: height)!
    var state: UInt32 = 12345
    for i in 0..<(width * height * 4) {
      state = state &* 1_664_525 &+ 1_013_904_223
      image.pixels[i] = UInt8(truncatingIfNeeded: state >> 24)
      if i % 4 == 3 && !alpha { image.pixels[i] = 255 }
    }
    return image
  }

  @Test(
    "A PNG streamed in bands of uneven heights decodes in Pillow to exactly the rows given (RGB and RGBA, many IDAT chunks)"
  )
  func bands() throws {
    for alpha in [false, true] {
      let image = noise(width: 300, height: 257, alpha: alpha)
      let sink = MemorySink()
      let writer = try PNGStreamWriter(width: 300, height: 257, opaque: !alpha, sink: sink)
      var y = 0
      for height in [1, 100, 37, 119] {
        try writer.add(image.crop(y: y, height: height))
        y += height
      }
      try writer.finish()
      let decoded = try pillowDecode(sink.bytes, ext: "png")
      #expect(decoded.width == 300 && decoded.height == 257)
      #expect(decoded.frames.first == image.pixels, "alpha: \(alpha)")
      #expect(sink.bytes.count > 3 * 65_536)
    }
  }

  @Test("A streamed PNG refuses more rows than its height, and finishing before every row")
  func rowCount() throws {
    let writer = try PNGStreamWriter(width: 4, height: 3, opaque: true, sink: MemorySink())
    try writer.add(RGBAImage(width: 4, height: 2, fill: RGBA8(1, 2, 3))!)
    #expect(throws: EncodingError.self) { try writer.finish() }
    let over = try PNGStreamWriter(width: 4, height: 3, opaque: true, sink: MemorySink())
    #expect(throws: EncodingError.self) { try over.add(RGBAImage(width: 4, height: 4, fill: RGBA8(1, 2, 3))!) }
  }
}

extension RGBAImage {
  /// Rows `y..<y+height`, whole width.
  fileprivate func crop(y: Int, height: Int) -> RGBAImage {
    var out = RGBAImage(width: width, height: height)!
    out.pixels = Array(pixels[(y * width * 4)..<((y + height) * width * 4)])
    return out
  }
}
