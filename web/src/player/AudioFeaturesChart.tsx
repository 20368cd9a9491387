import { useId } from 'react';
import { getFragmentData, graphql, type FragmentType } from '../__generated__';
import { keyInWords, loudnessInWords, measures, percentOf, tempoInWords } from './audio-features';

export const AudioFeaturesChartFragment = graphql(`
  fragment AudioFeaturesChart_features on AudioFeatures {
    tempo
    key
    mode
    timeSignature
    loudness
    energy
    danceability
    valence
    acousticness
    instrumentalness
    speechiness
    liveness
  }
`);

/** The drawing's own units: the SVG scales to its box. */
const rowHeight = 34;
const labelWidth = 140;
const barWidth = 210;
const width = labelWidth + barWidth + 50;

/**
 * What a track sounds like: tempo, key and mode, time signature and loudness in words, and the
 * measures from 0 to 100% drawn as bars. The drawing is one image to assistive technology; a table
 * (read by screen readers, not shown) gives every value.
 */
export function AudioFeaturesChart({
  features,
  name,
}: {
  features: FragmentType<typeof AudioFeaturesChartFragment>;
  /** The track's name, for the chart's caption. */
  name: string;
}) {
  const data = getFragmentData(AudioFeaturesChartFragment, features);
  const captionId = useId();
  const values = measures.map((measure) => ({ ...measure, percent: percentOf(data[measure.field]) }));
  const facts = [
    { term: 'Tempo', value: tempoInWords(data.tempo) },
    { term: 'Key', value: keyInWords(data.key, data.mode) },
    { term: 'Time signature', value: `${String(data.timeSignature)}/4` },
    { term: 'Loudness', value: loudnessInWords(data.loudness) },
  ];
  return (
    <div className="space-y-6">
      <FactCards facts={facts} />
      <figure className="max-w-lg">
        <figcaption id={captionId} className="mb-2 text-sm text-neutral-400">
          How {name} measures, from 0 to 100%
        </figcaption>
        <MeasureBars values={values} labelledBy={captionId} />
        <MeasuresTable values={values} name={name} />
      </figure>
    </div>
  );
}

/** A measure with its value from 0 to 100. */
type Measured = (typeof measures)[number] & { percent: number };

/** The facts in words, each on a card: tempo, key, time signature, loudness. */
function FactCards({ facts }: { facts: readonly { term: string; value: string }[] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {facts.map((fact) => (
        <div key={fact.term} className="rounded-lg bg-white/5 p-3">
          <dt className="text-xs font-semibold tracking-wider text-neutral-400 uppercase">{fact.term}</dt>
          <dd className="mt-1 text-lg font-bold">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The measures as bars, one image to assistive technology, named by `labelledBy`. */
function MeasureBars({ values, labelledBy }: { values: readonly Measured[]; labelledBy: string }) {
  return (
    <svg
      role="img"
      aria-labelledby={labelledBy}
      viewBox={`0 0 ${String(width)} ${String(values.length * rowHeight)}`}
      className="h-auto w-full"
    >
      {values.map((value, index) => {
        const y = index * rowHeight;
        return (
          <g key={value.field} transform={`translate(0 ${String(y)})`}>
            <title>{`${value.label}: ${String(value.percent)}%, ${value.means}`}</title>
            <text x={0} y={21} className="fill-neutral-300 text-[13px]">
              {value.label}
            </text>
            <rect x={labelWidth} y={10} width={barWidth} height={14} rx={7} className="fill-white/15" />
            <rect
              x={labelWidth}
              y={10}
              width={(barWidth * value.percent) / 100}
              height={14}
              rx={7}
              className="fill-accent"
            />
            <text x={width} y={21} textAnchor="end" className="fill-white text-[13px] font-semibold tabular-nums">
              {value.percent}%
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** Every measure's value and meaning, for screen readers. */
function MeasuresTable({ values, name }: { values: readonly Measured[]; name: string }) {
  return (
    // A table is as wide as its words, whatever its own width says: the box around it, 1 px and clipped, is
    // what keeps it from widening the screen.
    <div className="sr-only">
      <table>
        <caption>Audio features of {name}</caption>
        <thead>
          <tr>
            <th scope="col">Measure</th>
            <th scope="col">Value</th>
            <th scope="col">What it means</th>
          </tr>
        </thead>
        <tbody>
          {values.map((value) => (
            <tr key={value.field}>
              <th scope="row">{value.label}</th>
              <td>{value.percent}%</td>
              <td>{value.means}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
