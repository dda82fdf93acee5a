/**
 * The field lists of the prediction-market records (SPEC §2.7), grouped by wire type, written once: the TypeBox
 * schemas (`venueMarket.ts`) are built from them, and the real-venue adapter fills a field the upstream left out
 * with its type's neutral value from the same lists (`service/venue/gamma.ts`).
 */
import { type TArray, type TBoolean, type TNumber, type TSchema, type TString, Type } from '@sinclair/typebox'

/** An ISO 8601 date-time in UTC (`2026-03-28T23:00:00Z`, fractions allowed), or `''` when there is none. */
export const VenueDateTime = Type.String({
  pattern: '^(?:[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(?:\\.[0-9]+)?Z)?$',
  description:
    'ISO 8601 date-time in UTC, e.g. `2026-03-28T23:00:00Z`; `""` when the venue has none (the real venue leaves ' +
    'some out, e.g. `closedTime` of an open event). The fixture venue always has one.',
  'x-component': 'VenueDateTime',
})

/** Fields of one record, by wire type (SPEC §2.7 lists them this way). */
export interface FieldGroups {
  readonly strings?: readonly string[]
  readonly dateTimes?: readonly string[]
  readonly booleans?: readonly string[]
  readonly numbers?: readonly string[]
  /** Objects whose inner fields the spec does not show. */
  readonly objects?: readonly string[]
  /** Arrays of objects whose inner fields the spec does not show. */
  readonly objectArrays?: readonly string[]
  readonly stringArrays?: readonly string[]
}

/** An object whose inner fields the spec does not show: passed through as the venue gives it. */
export const OpaqueObject = Type.Record(Type.String(), Type.Unknown(), {
  description: 'Inner fields not shown by the spec (SPEC §2.7); passed through as the venue gives them.',
})

type Names<List> = List extends readonly string[] ? List[number] : never
/** The TypeBox properties of a record's field groups, one schema type per group. */
export type FieldProperties<G extends FieldGroups> = { [K in Names<G['strings']>]: TString } & {
  [K in Names<G['dateTimes']>]: typeof VenueDateTime
} & { [K in Names<G['booleans']>]: TBoolean } & { [K in Names<G['numbers']>]: TNumber } & {
  [K in Names<G['objects']>]: typeof OpaqueObject
} & { [K in Names<G['objectArrays']>]: TArray<typeof OpaqueObject> } & {
  [K in Names<G['stringArrays']>]: TArray<TString>
}

/**
 * The properties of a record from its field groups, each required (the service always sends every field).
 *
 * @example Type.Object(fieldProperties({ strings: ['id'], numbers: ['volume'] } as const))
 */
export function fieldProperties<G extends FieldGroups>(groups: G): FieldProperties<G> {
  const entries: [string, TSchema][] = [
    ...(groups.strings ?? []).map((name): [string, TSchema] => [name, Type.String()]),
    ...(groups.dateTimes ?? []).map((name): [string, TSchema] => [name, VenueDateTime]),
    ...(groups.booleans ?? []).map((name): [string, TSchema] => [name, Type.Boolean()]),
    ...(groups.numbers ?? []).map((name): [string, TSchema] => [name, Type.Number()]),
    ...(groups.objects ?? []).map((name): [string, TSchema] => [name, OpaqueObject]),
    ...(groups.objectArrays ?? []).map((name): [string, TSchema] => [name, Type.Array(OpaqueObject)]),
    ...(groups.stringArrays ?? []).map((name): [string, TSchema] => [name, Type.Array(Type.String())]),
  ]
  return Object.fromEntries(entries) as FieldProperties<G>
}

/** SPEC §2.7 tag object. */
// prettier-ignore
export const TAG_FIELDS = {
  strings: ['id', 'label', 'slug', 'publishedAt'],
  booleans: ['forceShow', 'forceHide', 'isCarousel', 'requiresTranslation'],
  numbers: ['createdBy', 'updatedBy'],
  dateTimes: ['createdAt', 'updatedAt'],
} as const satisfies FieldGroups

/** SPEC §2.7 series object. */
// prettier-ignore
export const SERIES_FIELDS = {
  strings: ['id', 'ticker', 'slug', 'title', 'seriesType', 'recurrence', 'image', 'icon'],
  booleans: ['active', 'closed', 'archived', 'featured', 'restricted'],
  dateTimes: ['createdAt', 'updatedAt'],
  numbers: ['volume', 'liquidity', 'commentCount'],
} as const satisfies FieldGroups

/** SPEC §2.7 market object. */
// prettier-ignore
export const MARKET_FIELDS = {
  strings: [
    'id', 'question', 'conditionId', 'slug', 'resolutionSource', 'liquidity', 'description', 'outcomes',
    'outcomePrices', 'volume', 'marketMakerAddress', 'submitted_by', 'resolvedBy', 'groupItemTitle',
    'groupItemThreshold', 'questionID', 'endDateIso', 'startDateIso', 'clobTokenIds', 'umaBond', 'umaReward',
    'negRiskMarketID', 'negRiskRequestID', 'seriesColor', 'umaResolutionStatuses', 'image', 'icon',
  ],
  dateTimes: ['endDate', 'startDate', 'createdAt', 'updatedAt', 'acceptingOrdersTimestamp'],
  booleans: [
    'active', 'closed', 'new', 'featured', 'archived', 'restricted', 'enableOrderBook', 'hasReviewedDates',
    'acceptingOrders', 'negRisk', 'ready', 'funded', 'cyom', 'pagerDutyNotificationEnabled', 'approved',
    'automaticallyActive', 'clearBookOnStart', 'showGmpSeries', 'showGmpOutcome', 'manualActivation', 'negRiskOther',
    'pendingDeployment', 'deploying', 'rfqEnabled', 'holdingRewardsEnabled', 'feesEnabled',
  ],
  numbers: [
    'orderPriceMinTickSize', 'orderMinSize', 'volumeNum', 'liquidityNum', 'volume24hr', 'volume1wk', 'volume1mo',
    'volume1yr', 'volume24hrAmm', 'volume1wkAmm', 'volume1moAmm', 'volume1yrAmm', 'volume24hrClob', 'volume1wkClob',
    'volume1moClob', 'volume1yrClob', 'volumeAmm', 'volumeClob', 'liquidityAmm', 'liquidityClob', 'competitive',
    'rewardsMinSize', 'rewardsMaxSpread', 'spread', 'oneDayPriceChange', 'oneHourPriceChange', 'oneWeekPriceChange',
    'oneMonthPriceChange', 'oneYearPriceChange', 'lastTradePrice', 'bestBid', 'bestAsk',
  ],
  objectArrays: ['clobRewards'],
} as const satisfies FieldGroups

/** SPEC §2.7 event object, without its nested `markets`, `series` and `tags` (typed apart). */
// prettier-ignore
export const EVENT_FIELDS = {
  strings: [
    'id', 'ticker', 'slug', 'title', 'subtitle', 'description', 'resolutionSource', 'image', 'icon', 'sortBy',
    'category', 'subcategory', 'templateVariables', 'published_at', 'createdBy', 'updatedBy', 'featuredImage',
    'disqusThread', 'parentEvent', 'negRiskMarketID', 'eventDate', 'seriesSlug', 'score', 'elapsed', 'period',
    'gmpChartMode', 'estimatedValue', 'carouselMap', 'gameStatus',
  ],
  dateTimes: [
    'startDate', 'creationDate', 'endDate', 'createdAt', 'updatedAt', 'closedTime', 'startTime', 'finishedTimestamp',
    'deployingTimestamp', 'scheduledDeploymentTimestamp',
  ],
  booleans: [
    'active', 'closed', 'archived', 'new', 'featured', 'restricted', 'isTemplate', 'commentsEnabled',
    'enableOrderBook', 'negRisk', 'cyom', 'showAllOutcomes', 'showMarketImages', 'automaticallyResolved',
    'enableNegRisk', 'automaticallyActive', 'live', 'ended', 'estimateValue', 'cantEstimate', 'negRiskAugmented',
    'pendingDeployment', 'deploying', 'requiresTranslation',
  ],
  numbers: [
    'volume', 'volume24hr', 'volume1wk', 'volume1mo', 'volume1yr', 'openInterest', 'liquidity', 'liquidityAmm',
    'liquidityClob', 'competitive', 'negRiskFeeBips', 'commentCount', 'eventWeek', 'tweetCount', 'featuredOrder',
    'spreadsMainLine', 'totalsMainLine',
  ],
  objects: ['imageOptimized', 'iconOptimized', 'featuredImageOptimized'],
  stringArrays: ['subEvents'],
  objectArrays: ['eventCreators', 'chats', 'templates', 'categories', 'collections'],
} as const satisfies FieldGroups
