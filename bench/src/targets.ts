/** What the bench server process tells the runner once it is ready. */
export interface BenchReady {
  type: 'ready';
  productUrl: string;
  bareUrl: string;
  /** Session cookies of the signed-in bench users (Cookie header values). */
  cookies: string[];
  database: string;
}

export interface BenchCpu {
  type: 'cpu';
  usage: NodeJS.CpuUsage;
}
