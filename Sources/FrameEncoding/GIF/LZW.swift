/// GIF's variable-length LZW (GIF89a appendix F), encoder and decoder.
///
/// Encoder contract: `encode` appends to `output` the minimum code size byte, the LZW data
/// split into sub-blocks of at most 255 bytes, and the zero-length block terminator. Codes
/// grow from `minCodeSize + 1` to 12 bits; when code 4095 has been assigned a clear code is
/// sent and the table restarts. With a tolerance (lossy mode) a string may be extended by a
/// pixel whose own index differs from the dictionary's next index when `accept(pixel, index)`
/// says that index is good enough for that pixel; `chosen` then receives the index actually
/// coded for every pixel, which is what any decoder will show.
///
/// Memory: a fixed set of buffers reused across frames; nothing is allocated per pixel.
final class LZWEncoder {
  private static let hashBits = 13
  private static let hashSize = 1 << hashBits
  // Hash entries: stamp (32 bits) | key (20 bits: prefix << 8 | suffix) | code (12 bits).
  private let table = UnsafeMutablePointer<UInt64>.allocate(capacity: hashSize)
  private var stamp: UInt64 = 1
  // Children lists for the lossy search: first child of a code, next sibling, suffix byte.
  private let firstChild = UnsafeMutablePointer<UInt16>.allocate(capacity: 4096)
  private let nextSibling = UnsafeMutablePointer<UInt16>.allocate(capacity: 4096)
  private let suffix = UnsafeMutablePointer<UInt8>.allocate(capacity: 4096)
  private let prefixOf = UnsafeMutablePointer<UInt16>.allocate(capacity: 4096)
  // Longest string below each code (0 for a leaf): prunes search branches that cannot beat
  // the best match found so far.
  private let height = UnsafeMutablePointer<UInt16>.allocate(capacity: 4096)
  // DFS stack for the lossy longest-match search: node, depth.
  private let stackNode = UnsafeMutablePointer<UInt16>.allocate(capacity: 4096)
  private let stackDepth = UnsafeMutablePointer<Int32>.allocate(capacity: 4096)
  private let stackErr = UnsafeMutablePointer<Int32>.allocate(capacity: 4096)
  // Packed codes, reused across frames (a fresh large block per frame costs page faults).
  private var packedBuffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
  private var packedBufferCapacity = 0
  // Nodes of the exact match, by depth − 1.
  private let pathNode = UnsafeMutablePointer<UInt16>.allocate(capacity: 4097)
  /// Nodes the lossy search may visit per string (bounds time on noisy input).
  var searchBudget = 96

  init() {
    table.initialize(repeating: 0, count: Self.hashSize)
    firstChild.initialize(repeating: 0xFFFF, count: 4096)
    nextSibling.initialize(repeating: 0xFFFF, count: 4096)
    suffix.initialize(repeating: 0, count: 4096)
    prefixOf.initialize(repeating: 0xFFFF, count: 4096)
    height.initialize(repeating: 0, count: 4096)
    stackNode.initialize(repeating: 0, count: 4096)
    stackDepth.initialize(repeating: 0, count: 4096)
    stackErr.initialize(repeating: 0, count: 4096)
    pathNode.initialize(repeating: 0, count: 4097)
  }

  deinit {
    table.deallocate()
    firstChild.deallocate()
    nextSibling.deallocate()
    suffix.deallocate()
    prefixOf.deallocate()
    height.deallocate()
    stackNode.deallocate()
    stackDepth.deallocate()
    stackErr.deallocate()
    packedBuffer.deallocate()
    pathNode.deallocate()
  }

  /// Encodes `indices` (each < 2^minCodeSize) exactly.
  func encode(_ indices: UnsafeBufferPointer<UInt8>, minCodeSize: Int, into output: inout [UInt8]) {
    encode(indices, minCodeSize: minCodeSize, chosen: nil, lossy: nil, into: &output)
  }

  /// Encodes `indices`; in lossy mode (`lossy` non-nil) also writes the coded index of every
  /// pixel into `chosen` (same count as `indices`).
  func encode(
    _ indices: UnsafeBufferPointer<UInt8>, minCodeSize: Int,
    chosen: UnsafeMutablePointer<UInt8>?, lossy accept: LossyTarget?,
    into output: inout [UInt8]
  ) {
    let bits = encodeBits(indices, minCodeSize: minCodeSize, chosen: chosen, lossy: accept)
    Self.appendBlocks(minCodeSize: minCodeSize, [bits], into: &output)
  }

  /// A code stream: `bitCount` bits, little-endian within `bytes`.
  struct Bits {
    var bytes: [UInt8]
    var bitCount: Int
  }

  /// Codes `indices` as one segment of a frame's code stream: it starts with a clear code
  /// when `leadingClear`, and ends with the end-of-information code when `last`, otherwise
  /// with a clear code (the next segment starts from an empty table, so segments can be
  /// coded independently, in parallel, and joined bit for bit with `appendBlocks`).
  func encodeBits(
    _ indices: UnsafeBufferPointer<UInt8>, minCodeSize: Int,
    chosen: UnsafeMutablePointer<UInt8>?, lossy accept: LossyTarget?,
    leadingClear: Bool = true, last: Bool = true
  ) -> Bits {
    precondition((2...8).contains(minCodeSize))
    let n = indices.count
    // Worst case: 12 bits a pixel plus clear codes.
    let packedCapacity = n * 2 + n / 64 + 64
    if packedCapacity > packedBufferCapacity {
      packedBuffer.deallocate()
      packedBuffer = .allocate(capacity: packedCapacity)
      packedBufferCapacity = packedCapacity
    }
    let packed = packedBuffer
    var packedCount = 0
    let clear = 1 << minCodeSize
    let eoi = clear + 1
    var codeSize = minCodeSize + 1
    var next = clear + 2
    var bitBuffer: UInt64 = 0
    var bitCount = 0
    let lossy = accept != nil
    let mask = UInt64(Self.hashSize - 1)

    @inline(__always) func emit(_ code: Int) {
      bitBuffer |= UInt64(code) << UInt64(bitCount)
      bitCount += codeSize
      if bitCount >= 32 {
        UnsafeMutableRawPointer(packed + packedCount).storeBytes(
          of: UInt32(truncatingIfNeeded: bitBuffer).littleEndian, as: UInt32.self)
        packedCount += 4
        bitBuffer >>= 32
        bitCount -= 32
      }
    }
    @inline(__always) func slot(_ key: UInt64) -> Int {
      Int(((key &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask)
    }
    func reset() {
      stamp &+= 1
      codeSize = minCodeSize + 1
      next = clear + 2
      if lossy {
        firstChild.update(repeating: 0xFFFF, count: 4096)
        for r in 0..<clear {
          suffix[r] = UInt8(truncatingIfNeeded: r)
          prefixOf[r] = 0xFFFF
          height[r] = 0
        }
      }
    }
    reset()
    if leadingClear { emit(clear) }
    if n > 0, let accept {
      // Lossy: from each position, the longest dictionary string whose every pixel is
      // acceptable (exact or within tolerance), found by a bounded depth-first search.
      let ch = chosen!
      var p = 0
      var spent = 0.0
      let perPixel = accept.budget / Double(max(1, n))
      while p < n {
        let root = Int(indices[p])
        // 1. The exact match: follow the dictionary while the next pixel's index has a child.
        var node = root, depth = 1
        pathNode[0] = UInt16(root)
        while p + depth < n {
          let want = indices[p + depth]
          var c = firstChild[node]
          while c != 0xFFFF && suffix[Int(c)] != want { c = nextSibling[Int(c)] }
          if c == 0xFFFF { break }
          node = Int(c)
          pathNode[depth] = c
          depth += 1
        }
        let exactLen = depth
        var bestCode = node, bestLen = depth, bestErr: Int32 = 0
        // 2. Substitutions, deepest branching point first (a depth-first search's order),
        // skipping every subtree too short to beat the best string.
        var budget = searchBudget
        var top = 0
        // Squared error this string may still add.
        let allowance = Int32(clamping: Int(max(0, perPixel * Double(p + 1) + 3 * 255 - spent)))
        var level = exactLen
        while level >= 1 && budget > 0 {
          let base = Int(pathNode[level - 1])
          let q0 = p + level
          if q0 < n && level + Int(height[base]) > bestLen {
            let exactChild: UInt16 = level < exactLen ? pathNode[level] : 0xFFFF
            var c = firstChild[base]
            while c != 0xFFFF {
              if c != exactChild && top < 4000 && level + 1 + Int(height[Int(c)]) > bestLen {
                let e = accept.cost(q0, suffix[Int(c)])
                if e >= 0 && e <= allowance {
                  stackNode[top] = c; stackDepth[top] = -Int32(level + 1); stackErr[top] = e; top += 1
                }
              }
              c = nextSibling[Int(c)]
            }
          }
          while top > 0 && budget > 0 {
            top -= 1
            let node = Int(stackNode[top])
            var depth = Int(stackDepth[top])
            let err = stackErr[top]
            // Nothing below this node can beat the best string any more.
            if abs(depth) + Int(height[node]) <= bestLen { continue }
            // Substituted pixels (negative depth) cost search budget; exact extensions are free.
            if depth < 0 { depth = -depth; budget -= 1 }
            if depth > bestLen { bestLen = depth; bestCode = node; bestErr = err }
            let q = p + depth
            if q >= n { continue }
            let want = indices[q]
            // Push acceptable children; the exact one last so it is explored first.
            var c = firstChild[node]
            var exact = -1
            while c != 0xFFFF {
              let k = suffix[Int(c)]
              if k == want {
                exact = Int(c)
              } else if top < 4000 && depth + 1 + Int(height[Int(c)]) > bestLen {
                let e = accept.cost(q, k)
                if e >= 0 && err + e <= allowance {
                  stackNode[top] = c; stackDepth[top] = -Int32(depth + 1); stackErr[top] = err + e; top += 1
                }
              }
              c = nextSibling[Int(c)]
            }
            if exact >= 0 && top < 4095 && depth + 1 + Int(height[exact]) > bestLen {
              stackNode[top] = UInt16(exact); stackDepth[top] = Int32(depth + 1); stackErr[top] = err; top += 1
            }
          }
          level -= 1
        }
        spent += Double(bestErr)
        // The coded pixels: walk the string back from its last code.
        var c = bestCode
        var i = p + bestLen - 1
        if bestLen == exactLen && bestCode == node {
          (ch + p).update(from: indices.baseAddress! + p, count: bestLen)
          i = p - 1
        }
        while i >= p {
          ch[i] = suffix[c]
          c = Int(prefixOf[c])
          i -= 1
        }
        emit(bestCode)
        let q = p + bestLen
        if q < n {
          let newCode = next
          let k = indices[q]
          suffix[newCode] = k
          prefixOf[newCode] = UInt16(bestCode)
          height[newCode] = 0
          var up = bestCode, hgt: UInt16 = 1
          while height[up] < hgt {
            height[up] = hgt
            hgt += 1
            let pre = prefixOf[up]
            if pre == 0xFFFF { break }
            up = Int(pre)
          }
          nextSibling[newCode] = firstChild[bestCode]
          firstChild[bestCode] = UInt16(newCode)
          next += 1
          if newCode >= (1 << codeSize) && codeSize < 12 { codeSize += 1 }
          if next == 4096 {
            emit(clear)
            reset()
          }
        }
        p = q
      }
    } else if n > 0 {
      var code = Int(indices[0])
      chosen?[0] = indices[0]
      var p = 1
      let stampBits = stamp << 32
      var currentStamp = stampBits
      while p < n {
        let k = indices[p]
        let key = UInt64(code) << 8 | UInt64(k)
        var h = slot(key)
        var found = -1
        while true {
          let e = table[h]
          if e >> 32 != currentStamp >> 32 { break }
          if (e >> 12) & 0xFFFFF == key { found = Int(e & 0xFFF); break }
          h = (h + 1) & Int(mask)
        }
        if found >= 0 {
          code = found
          chosen?[p] = k
          p += 1
          continue
        }
        emit(code)
        // h is the empty slot where key belongs.
        let newCode = next
        table[h] = currentStamp | key << 12 | UInt64(newCode)
        next += 1
        if newCode >= (1 << codeSize) && codeSize < 12 { codeSize += 1 }
        if next == 4096 {
          emit(clear)
          reset()
          currentStamp = stamp << 32
        }
        code = Int(k)
        chosen?[p] = k
        p += 1
      }
      _ = stampBits
      emit(code)
    }
    emit(last ? eoi : clear)
    let totalBits = packedCount * 8 + bitCount
    while bitCount > 0 {
      packed[packedCount] = UInt8(truncatingIfNeeded: bitBuffer)
      packedCount += 1
      bitBuffer >>= 8
      bitCount -= 8
    }
    return Bits(bytes: Array(UnsafeBufferPointer(start: packed, count: packedCount)), bitCount: totalBits)
  }

  /// Appends the minimum code size, the segments joined bit for bit and split into sub-blocks
  /// of at most 255 bytes, and the block terminator.
  static func appendBlocks(minCodeSize: Int, _ segments: [Bits], into output: inout [UInt8]) {
    var joined: [UInt8]
    if segments.count == 1 {
      joined = segments[0].bytes
    } else {
      joined = []
      joined.reserveCapacity(segments.reduce(0) { $0 + $1.bytes.count } + 1)
      var acc: UInt32 = 0, accBits = 0
      for seg in segments {
        let full = seg.bitCount / 8, rem = seg.bitCount % 8
        seg.bytes.withUnsafeBufferPointer { b in
          if accBits == 0 {
            joined.append(contentsOf: b[0..<full])
          } else {
            for i in 0..<full {
              acc |= UInt32(b[i]) << UInt32(accBits)
              joined.append(UInt8(truncatingIfNeeded: acc))
              acc >>= 8
            }
          }
          if rem > 0 {
            acc |= (UInt32(b[full]) & ((1 << UInt32(rem)) - 1)) << UInt32(accBits)
            accBits += rem
            if accBits >= 8 {
              joined.append(UInt8(truncatingIfNeeded: acc))
              acc >>= 8
              accBits -= 8
            }
          }
        }
      }
      if accBits > 0 { joined.append(UInt8(truncatingIfNeeded: acc)) }
    }
    let packedCount = joined.count
    output.append(UInt8(minCodeSize))
    output.reserveCapacity(output.count + packedCount + packedCount / 255 + 4)
    joined.withUnsafeBufferPointer { packed in
      var i = 0
      while i < packedCount {
        let len = min(255, packedCount - i)
        output.append(UInt8(len))
        output.append(contentsOf: UnsafeBufferPointer(rebasing: packed[i..<(i + len)]))
        i += len
      }
    }
    output.append(0)
  }
}

/// What lossy LZW may substitute: pixel p accepts palette index k when k is the transparent
/// index and the pixel may stay as it is on screen (`keepable[p] != 0`, no error), or when the
/// pixel is opaque (`target[p] < 1 << 24`, 0xRRGGBB) and every channel of `palette[k]` is
/// within `tolerance` of it; the cost is the squared RGB error. The substitutions of one frame
/// may add at most `budget` of squared error in total, spread evenly over the pixels (at pixel
/// p at most budget × (p + 1) / count has been spent), so every frame keeps its PSNR target.
struct LossyTarget {
  let target: UnsafePointer<UInt32>
  let keepable: UnsafePointer<UInt8>
  /// What is on screen under each pixel (0xRRGGBB, or ≥ 1 << 24 when transparent): the
  /// transparent index may also stand for a pixel whose screen color is within tolerance.
  let screen: UnsafePointer<UInt32>?
  let palette: UnsafePointer<UInt32>
  let transparent: Int
  let tolerance: Int32
  let budget: Double

  /// Squared error of coding pixel p as k, or -1 when not allowed.
  @inline(__always) func cost(_ p: Int, _ k: UInt8) -> Int32 {
    let t = target[p]
    let c: UInt32
    if Int(k) == transparent {
      if keepable[p] != 0 { return 0 }
      guard let screen, t < 1 << 24, screen[p] < 1 << 24 else { return -1 }
      c = screen[p]
    } else {
      if t >= 1 << 24 { return -1 }
      c = palette[Int(k)]
    }
    let dr = Int32(truncatingIfNeeded: (t >> 16) & 0xFF) - Int32(truncatingIfNeeded: (c >> 16) & 0xFF)
    let dg = Int32(truncatingIfNeeded: (t >> 8) & 0xFF) - Int32(truncatingIfNeeded: (c >> 8) & 0xFF)
    let db = Int32(truncatingIfNeeded: t & 0xFF) - Int32(truncatingIfNeeded: c & 0xFF)
    if abs(dr) > tolerance || abs(dg) > tolerance || abs(db) > tolerance { return -1 }
    return dr * dr + dg * dg + db * db
  }
}

/// Decodes GIF LZW image data (the sub-block payload joined, after the minimum code size
/// byte) into at most `count` indices. Throws `EncodingError.gif` on an invalid code.
/// Used by the tests and by `GIFReader`; tolerant of missing end-of-information codes.
func lzwDecode(_ data: [UInt8], minCodeSize: Int, count: Int) throws -> [UInt8] {
  guard (2...8).contains(minCodeSize) else { throw EncodingError.gif("LZW minimum code size \(minCodeSize) is outside 2...8") }
  let clear = 1 << minCodeSize
  let eoi = clear + 1
  var prefix = [Int](repeating: -1, count: 4096)
  var suffixes = [UInt8](repeating: 0, count: 4096)
  var lengths = [Int](repeating: 1, count: 4096)
  for i in 0..<clear { suffixes[i] = UInt8(truncatingIfNeeded: i) }
  var out = [UInt8]()
  out.reserveCapacity(count)
  var codeSize = minCodeSize + 1
  var next = clear + 2
  var previous = -1
  var bitBuffer: UInt64 = 0
  var bitCount = 0
  var pos = 0
  var scratch = [UInt8](repeating: 0, count: 4096)

  func firstByte(_ code: Int) -> UInt8 {
    var c = code
    while prefix[c] >= 0 { c = prefix[c] }
    return suffixes[c]
  }

  while out.count < count {
    while bitCount < codeSize && pos < data.count {
      bitBuffer |= UInt64(data[pos]) << UInt64(bitCount)
      bitCount += 8
      pos += 1
    }
    if bitCount < codeSize { break }
    let code = Int(bitBuffer & ((1 << UInt64(codeSize)) - 1))
    bitBuffer >>= UInt64(codeSize)
    bitCount -= codeSize
    if code == clear {
      codeSize = minCodeSize + 1
      next = clear + 2
      previous = -1
      continue
    }
    if code == eoi { break }
    var entry: Int
    if code < next && (code < clear || code > eoi) {
      entry = code
      if previous >= 0 && next < 4096 {
        prefix[next] = previous
        suffixes[next] = firstByte(code)
        lengths[next] = lengths[previous] + 1
        next += 1
      }
    } else if code == next && previous >= 0 && next < 4096 {
      prefix[next] = previous
      suffixes[next] = firstByte(previous)
      lengths[next] = lengths[previous] + 1
      next += 1
      entry = code
    } else {
      throw EncodingError.gif("invalid LZW code \(code) (next free code \(next))")
    }
    // Emit the string of `entry`.
    let len = lengths[entry]
    var c = entry
    var i = len
    while i > 0 {
      i -= 1
      scratch[i] = suffixes[c]
      c = prefix[c]
    }
    out.append(contentsOf: scratch[0..<min(len, count - out.count)])
    previous = entry
    if next == (1 << codeSize) && codeSize < 12 { codeSize += 1 }
  }
  return out
}
