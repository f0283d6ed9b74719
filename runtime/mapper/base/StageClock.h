/*===- base/StageClock.h - each stage's time and page faults, on request --===*
 *
 * With OMP_INDIRECT_STAGES=1 in the environment, each stage of a construct
 * with mappers (the expansion; per direction the placement, the
 * libomptarget call, the transfers; a kernel's launch) prints one line on
 * stderr: its wall time and the page faults its thread took meanwhile
 * (minor faults, pages made present in one call included). This is where
 * a deep copy's fresh memory goes (docs/mapper.md, "Steady in a program's
 * cadence"); bench/mapper/faults prints it beside the hand-packed copy's.
 *
 * USAGE:
 *   omp_indirect_stage_clock K;
 *   omp_indirect_stage_clock_start(&K);
 *   ... a stage ...
 *   omp_indirect_stage_clock_lap(&K, "enter: place");  // prints, restarts
 *
 *===----------------------------------------------------------------------===*/
#ifndef OMP_INDIRECT_STAGECLOCK_H
#define OMP_INDIRECT_STAGECLOCK_H

/// The start of the stage being timed.
typedef struct omp_indirect_stage_clock {
  int On;       ///< OMP_INDIRECT_STAGES is set: nothing is read otherwise.
  double Start; ///< Seconds, CLOCK_MONOTONIC.
  long Faults;  ///< The thread's minor faults at the start.
} omp_indirect_stage_clock;

/// Starts \p K (reads the clock only when the switch is on).
void omp_indirect_stage_clock_start(omp_indirect_stage_clock *K);

/// Prints the stage \p Name that began at \p K's start, and starts the next.
void omp_indirect_stage_clock_lap(omp_indirect_stage_clock *K,
                                  const char *Name);

#endif /* OMP_INDIRECT_STAGECLOCK_H */
