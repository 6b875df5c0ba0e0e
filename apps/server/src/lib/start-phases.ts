/**
 * Timing of the server's start-up phases (docs/OPERATIONS.md, "Start-up"): wall and CPU milliseconds of each phase,
 * logged once the server is up ("Start-up phases", level info). The first phase, `modules`, is the time from the
 * process's start to the first mark: loading the server's modules.
 */
interface StartPhase {
  phase: string;
  /** wall milliseconds */
  ms: number;
  /** CPU milliseconds (user + system, all threads of the process) */
  cpuMs: number;
}

export class StartPhases {
  readonly phases: StartPhase[] = [];
  private lastWall = 0;
  private lastCpu = 0;

  constructor() {
    this.mark('modules');
  }

  /** Ends the phase running since the last mark under this name. */
  mark(phase: string): void {
    const wall = performance.now();
    const u = process.cpuUsage();
    const cpu = (u.user + u.system) / 1000;
    this.phases.push({ phase, ms: Math.round(wall - this.lastWall), cpuMs: Math.round(cpu - this.lastCpu) });
    this.lastWall = wall;
    this.lastCpu = cpu;
  }

  /** `{ phase: [ms, cpuMs] }` for the log */
  toJSON(): Record<string, [number, number]> {
    return Object.fromEntries(this.phases.map((p) => [p.phase, [p.ms, p.cpuMs]]));
  }
}
