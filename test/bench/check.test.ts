import { describe, expect, it } from 'vitest'
import { TOLERANCE, compareWithBaseline, hasRegression, summarizeRounds } from '../../bench/compare.js'

describe('summarizeRounds', () => {
  it('takes the median of per-round ratios, so one disturbed round moves nothing', () => {
    const rounds = [
      { taskMedianMs: 0.2, calibrationMedianMs: 0.1 },
      { taskMedianMs: 0.42, calibrationMedianMs: 0.2 },
      { taskMedianMs: 5, calibrationMedianMs: 0.1 }, // a burst of load hit the task only
    ]
    const summary = summarizeRounds(rounds)
    expect(summary.ratio).toBeCloseTo(2.1)
    expect(summary.minRatio).toBeCloseTo(2)
    expect(summary.maxRatio).toBeCloseTo(50)
  })

  it('cancels a machine that is uniformly slower', () => {
    const quiet = summarizeRounds([{ taskMedianMs: 0.15, calibrationMedianMs: 0.075 }])
    const busy = summarizeRounds([{ taskMedianMs: 0.45, calibrationMedianMs: 0.225 }])
    expect(busy.ratio).toBeCloseTo(quiet.ratio)
  })

  it('rejects no rounds and non-positive medians', () => {
    expect(() => summarizeRounds([])).toThrow(/no rounds/)
    expect(() => summarizeRounds([{ taskMedianMs: 0.1, calibrationMedianMs: 0 }])).toThrow(/positive/)
  })
})

describe('compareWithBaseline', () => {
  const baseline = { 'quote: cross-chain (default)': 2 }

  it('fails a figure slower than baseline × (1 + tolerance), and reports by how much', () => {
    const [comparison] = compareWithBaseline({ 'quote: cross-chain (default)': 4 }, baseline, 0.5)
    expect(comparison).toMatchObject({ status: 'regressed', baselineRatio: 2, currentRatio: 4, change: 2, limit: 1.5 })
  })

  it('passes within the tolerance, at its edge, and when faster', () => {
    for (const ratio of [2.2, 3, 1]) {
      const comparisons = compareWithBaseline({ 'quote: cross-chain (default)': ratio }, baseline, 0.5)
      expect(comparisons[0]!.status).toBe('ok')
      expect(hasRegression(comparisons)).toBe(false)
    }
  })

  it('catches a 2× slowdown with the default tolerance', () => {
    expect(TOLERANCE).toBeLessThan(1)
    expect(hasRegression(compareWithBaseline({ 'quote: cross-chain (default)': 4 }, baseline))).toBe(true)
  })

  it('reports figures only in one of the two without failing', () => {
    const comparisons = compareWithBaseline({ 'quote: exact-out (default)': 9 }, baseline)
    expect(comparisons.map((c) => [c.figure, c.status])).toEqual([
      ['quote: exact-out (default)', 'new'],
      ['quote: cross-chain (default)', 'missing'],
    ])
    expect(hasRegression(comparisons)).toBe(false)
  })

  it('rejects a negative tolerance', () => {
    expect(() => compareWithBaseline({}, {}, -0.1)).toThrow(/tolerance/)
  })
})
