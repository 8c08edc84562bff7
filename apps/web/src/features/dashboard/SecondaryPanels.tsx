import { isUnlockedSignal, showHeatmap } from '@t0/contracts';
import { InstrumentAnalysis } from './AnalysisSection';
import { BlogPreview } from './BlogPreview';
import { HeatMap, type HeatMapProps } from './HeatMap';
import { ResourcesSection } from './ResourcesSection';

export interface SecondaryPanelsProps {
  /** The signals list as the table has it. */
  signals: Parameters<typeof isUnlockedSignal>[0][];
  prices: HeatMapProps['prices'];
  signedIn: boolean;
  subscribed: boolean;
}

/**
 * What the terminal shows below the signals table (in the spec's order): the heat map, the
 * analysis with its charts, the blog and the resources. A chunk of its own, loaded by
 * DashboardPage once the table has painted, so the first screen waits for none of it.
 */
export function SecondaryPanels({ signals, prices, signedIn, subscribed }: SecondaryPanelsProps) {
  return (
    <>
      {showHeatmap(subscribed, signals.length) && (
        <HeatMap signals={signals.filter(isUnlockedSignal)} prices={prices} />
      )}
      <InstrumentAnalysis signedIn={signedIn} subscribed={subscribed} />
      <BlogPreview />
      <ResourcesSection enabled={signedIn} />
    </>
  );
}
