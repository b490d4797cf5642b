@testable import FrameEncoding

/// The lossy LZW search in its plainest form (children lists walked at every level, no
/// per-node summaries, no caches): what `LZWEncoder` must reproduce code for code, however it
/// prunes. Returns the code stream packed as `encodeBits` packs a whole frame (leading clear,
/// end-of-information code) and the coded index of every pixel.
func referenceLossyLZW(_ indices: [UInt8], minCodeSize: Int, accept: LossyTarget, searchBudget: Int = 96) -> (
  bits: LZWEncoder.Bits, chosen: [UInt8]
) {
  let n = indices.count
  let clear = 1 << minCodeSize
  var firstChild = [Int](repeating: -1, count: 4096), nextSibling = firstChild, prefixOf = firstChild
  var suffix = [UInt8](repeating: 0, count: 4096)
  var height = [Int](repeating: 0, count: 4096)
  var next = clear + 2
  func reset() {
    next = clear + 2
    for c in 0..<4096 { firstChild[c] = -1 }
    for r in 0..<clear { suffix[r] = UInt8(r); prefixOf[r] = -1; height[r] = 0 }
  }
  reset()
  var bytes: [UInt8] = []
  var bitCount = 0
  var codeSize = minCodeSize + 1
  func emit(_ code: Int) {
    for b in 0..<codeSize {
      if bitCount & 7 == 0 { bytes.append(0) }
      if code >> b & 1 != 0 { bytes[bytes.count - 1] |= 1 << UInt8(bitCount & 7) }
      bitCount += 1
    }
  }
  emit(clear)
  var chosen = [UInt8](repeating: 0, count: n)
  var p = 0
  // Squared error spent and the budget's even spread per pixel, in 1/256ths of a level².
  var spent: Int64 = 0
  let budget256 = Int64(min(accept.budget * 256, 1e15)), perPixel = budget256 / Int64(max(1, n))
  while p < n {
    var path = [Int(indices[p])]
    while p + path.count < n {
      var c = firstChild[path.last!]
      while c >= 0 && suffix[c] != indices[p + path.count] { c = nextSibling[c] }
      if c < 0 { break }
      path.append(c)
    }
    let exactLen = path.count
    var bestCode = path.last!, bestLen = exactLen, bestErr: Int32 = 0
    var budget = searchBudget
    var stack: [(node: Int, depth: Int, err: Int32)] = []
    // One pixel's worst error of slack over the even spread, capped at the whole budget.
    let allowance = Int32(clamping: max(0, min(budget256, perPixel * Int64(p + 1) + 3 * 255 * 256) - spent) >> 8)
    var level = exactLen
    while level >= 1 && budget > 0 {
      let base = path[level - 1]
      if p + level < n && level + height[base] > bestLen {
        let exactChild = level < exactLen ? path[level] : -1
        var c = firstChild[base]
        while c >= 0 {
          if c != exactChild && stack.count < 4000 && level + 1 + height[c] > bestLen {
            let e = accept.cost(p + level, suffix[c])
            if e >= 0 && e <= allowance { stack.append((c, -(level + 1), e)) }
          }
          c = nextSibling[c]
        }
      }
      while !stack.isEmpty && budget > 0 {
        var (node, depth, err) = stack.removeLast()
        if abs(depth) + height[node] <= bestLen { continue }
        if depth < 0 { depth = -depth; budget -= 1 }
        if depth > bestLen { bestLen = depth; bestCode = node; bestErr = err }
        if p + depth >= n { continue }
        let want = indices[p + depth]
        var c = firstChild[node]
        var exact = -1
        while c >= 0 {
          if suffix[c] == want {
            exact = c
          } else if stack.count < 4000 && depth + 1 + height[c] > bestLen {
            let e = accept.cost(p + depth, suffix[c])
            if e >= 0 && err + e <= allowance { stack.append((c, -(depth + 1), err + e)) }
          }
          c = nextSibling[c]
        }
        if exact >= 0 && stack.count < 4095 && depth + 1 + height[exact] > bestLen {
          stack.append((exact, depth + 1, err))
        }
      }
      level -= 1
    }
    spent += Int64(bestErr) << 8
    var c = bestCode
    for i in stride(from: p + bestLen - 1, through: p, by: -1) {
      chosen[i] = suffix[c]
      c = prefixOf[c]
    }
    emit(bestCode)
    let q = p + bestLen
    if q < n {
      let newCode = next
      suffix[newCode] = indices[q]
      prefixOf[newCode] = bestCode
      height[newCode] = 0
      var up = bestCode, h = 1
      while height[up] < h {
        height[up] = h
        h += 1
        if prefixOf[up] < 0 { break }
        up = prefixOf[up]
      }
      nextSibling[newCode] = firstChild[bestCode]
      firstChild[bestCode] = newCode
      next += 1
      if newCode >= (1 << codeSize) && codeSize < 12 { codeSize += 1 }
      if next == 4096 {
        emit(clear)
        codeSize = minCodeSize + 1
        reset()
      }
    }
    p = q
  }
  // The decoder adds an entry on reading the last code too, and may widen before the end code.
  if next == 1 << codeSize && codeSize < 12 { codeSize += 1 }
  emit(clear + 1)
  return (LZWEncoder.Bits(bytes: bytes, bitCount: bitCount), chosen)
}
