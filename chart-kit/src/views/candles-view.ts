import type { ChartModel } from '../model/chart-model.js';
import type {
  CandleColumns,
  CandleLayout,
  FreeColumns,
  FreeLayout,
} from '../render/candle-layer.js';

/** The candle layer's input: evenly spaced columns, or candles at free places mid-morph. */
export type CandlesInput =
  | { kind: 'columns'; columns: CandleColumns; layout: CandleLayout }
  | { kind: 'free'; columns: CandleColumns & FreeColumns; layout: FreeLayout };

/** The candles of the model's frame, placed with its scales. */
export function candlesView(model: ChartModel): CandlesInput {
  const { frame, drawn } = model;
  const { yOfPrice, devicePixelRatio } = frame;
  if (drawn.kind === 'morph') {
    return {
      kind: 'free',
      columns: drawn.candles,
      layout: { priceToY: yOfPrice, devicePixelRatio },
    };
  }
  const { columns } = drawn;
  const perColumn = columns.candlesPerColumn;
  return {
    kind: 'columns',
    columns,
    layout: {
      // A merged column is centred on the middle of the candles it stands for.
      firstCenterX: frame.xOfIndex(columns.firstCandle + (perColumn - 1) / 2),
      columnStep: perColumn * frame.barSpacing,
      priceToY: yOfPrice,
      devicePixelRatio,
    },
  };
}
