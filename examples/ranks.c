// ranks.c - an MPI program with one rank per device. Each rank picks its
// device from its rank on the node, deep-copies its records (each with a
// pointer to its values) to that device with a `declare mapper`, transforms
// the values on the device through an `indirect` function chosen at run time
// from the rank, exchanges the borders of a device buffer with its two
// neighbours on a ring, and checks everything against a host computation;
// rank 0 prints what each rank did, the global sums and PASS or FAIL.
//
// The halo exchange is done twice, both ways MPI codes do it: MPI given
// device addresses (`target data use_device_addr`, as with a GPU-aware MPI),
// and staged through host memory with `target update` (for an MPI that is
// not GPU-aware). Arguments: records=N (all ranks together, default
// 100000), halo=both|device|staged (default both; on a GPU whose MPI is not
// GPU-aware, say staged). Builds as C and as C++.
//
// USAGE: OMPI_CC=$PWD/build/bin/omp-indirect-clang mpicc -fopenmp \
//          -fopenmp-targets=x86_64-pc-linux-gnu examples/ranks.c -o ranks
//        mpirun -np 2 ./ranks
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// A record: its values live elsewhere, so mapping the array of records
// alone would give the device host pointers. The mapper adds each record's
// values to the map.
typedef struct {
  int id;
  int len;
  double *val;
} record;
#pragma omp declare mapper(record r) map(r, r.val[0:r.len])

// Calls of the operations that ran on the device: only the device copies
// can change the device's copy of this counter.
long device_calls = 0;
#pragma omp declare target to(device_calls)

typedef double (*op_fn)(double);
#pragma omp begin declare target indirect
double op_add3(double x) {
#pragma omp atomic update
  device_calls++;
  return x + 3;
}
double op_twice(double x) {
#pragma omp atomic update
  device_calls++;
  return 2 * x;
}
double op_less1(double x) {
#pragma omp atomic update
  device_calls++;
  return x - 1;
}
double op_square(double x) {
#pragma omp atomic update
  device_calls++;
  return x * x;
}
#pragma omp end declare target

static const char *const op_names[] = {"add3", "twice", "less1", "square"};
static const op_fn ops[] = {op_add3, op_twice, op_less1, op_square};
enum { NUM_OPS = 4, LINE = 256 };

// What operation k gives, reckoned on the host without calling it.
static double expected(int k, double x) {
  switch (k) {
  case 0: return x + 3;
  case 1: return 2 * x;
  case 2: return x - 1;
  default: return x * x;
  }
}

// Value j of record r as make_records sets it, before any operation.
static double initial(const record *r, int j) { return (r->id + j) % 7; }

// The rank among the ranks on this node (MPI_COMM_TYPE_SHARED). Open MPI
// also says it before MPI_Init, in OMPI_COMM_WORLD_LOCAL_RANK (MPICH:
// MPI_LOCALRANKID, Slurm: SLURM_LOCALID).
static int node_rank(void) {
  MPI_Comm node;
  int r;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL,
                      &node);
  MPI_Comm_rank(node, &r);
  MPI_Comm_free(&node);
  return r;
}

// This rank's share of `total` records, ids first..first+n-1, with 1 to 4
// small whole values each, so that every sum below is exact.
static record *make_records(long total, int rank, int size, int *n_out) {
  long first = total * rank / size, n = total * (rank + 1) / size - first;
  record *r = (record *)malloc((n ? n : 1) * sizeof(record));
  for (long i = 0; i < n; i++) {
    r[i].id = (int)(first + i);
    r[i].len = 1 + r[i].id % 4;
    r[i].val = (double *)malloc(r[i].len * sizeof(double));
    for (int j = 0; j < r[i].len; j++)
      r[i].val[j] = initial(&r[i], j);
  }
  *n_out = (int)n;
  return r;
}

// The halo: field[0] gets the left neighbour's last cell, field[m + 1] the
// right neighbour's first, on the device. MPI reads and writes device memory.
static void halo_device_addr(double *field, int m, int left, int right) {
#pragma omp target data use_device_addr(field[0 : m + 2])
  {
    MPI_Sendrecv(&field[m], 1, MPI_DOUBLE, right, 0, &field[0], 1, MPI_DOUBLE,
                 left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(&field[1], 1, MPI_DOUBLE, left, 1, &field[m + 1], 1,
                 MPI_DOUBLE, right, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
}

// The same through host memory: the border cells come back, MPI moves host
// copies, the halo cells go out.
static void halo_host_staged(double *field, int m, int left, int right) {
#pragma omp target update from(field[1 : 1])
#pragma omp target update from(field[m : 1])
  MPI_Sendrecv(&field[m], 1, MPI_DOUBLE, right, 0, &field[0], 1, MPI_DOUBLE,
               left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Sendrecv(&field[1], 1, MPI_DOUBLE, left, 1, &field[m + 1], 1,
               MPI_DOUBLE, right, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#pragma omp target update to(field[0 : 1])
#pragma omp target update to(field[m + 1 : 1])
}

// Runs one halo exchange after clearing the halo cells on the device, and
// says whether the device got want[0] and want[1].
static int halo_ok(void (*exchange)(double *, int, int, int), double *field,
                   int m, int left, int right, const double want[2]) {
#pragma omp target map(alloc : field[0 : m + 2])
  field[0] = field[m + 1] = -1;
  exchange(field, m, left, right);
  double got0 = -2, got1 = -2;
#pragma omp target map(alloc : field[0 : m + 2]) map(from : got0, got1)
  {
    got0 = field[0];
    got1 = field[m + 1];
  }
  return got0 == want[0] && got1 == want[1];
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size, n, fail = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  long total = 100000;
  const char *halo = "both";
  for (int a = 1; a < argc; a++) {
    if (!strncmp(argv[a], "records=", 8))
      total = atol(argv[a] + 8);
    else if (!strncmp(argv[a], "halo=", 5))
      halo = argv[a] + 5;
  }

  if (total < size) { // every rank needs a record for the ring
    if (rank == 0)
      fprintf(stderr, "records=%ld: fewer records than ranks (%d)\n", total,
              size);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }

  // One rank per device: ranks on one node take devices in turn, and
  // share them when there are more ranks than devices.
  int local = node_rank(), devices = omp_get_num_devices();
  if (devices == 0) {
    fprintf(stderr, "rank %d: no offload device\n", rank);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  int dev = local % devices;
  omp_set_default_device(dev);
  // A build without an offload target runs every region on the host, where
  // the counts below would count host calls: say so and fail.
  int on_host = 1;
#pragma omp target map(from : on_host)
  on_host = omp_is_initial_device();
  if (on_host) {
    fprintf(stderr, "rank %d: the target regions ran on the host, not on "
                    "device %d: build with -fopenmp-targets= or "
                    "--offload-arch=\n", rank, dev);
    fail = 1;
  }

  record *recs = make_records(total, rank, size, &n);
  op_fn op = ops[rank % NUM_OPS]; // a host address, chosen at run time
  long values = 0;
  for (int i = 0; i < n; i++)
    values += recs[i].len;

  // field[1..n]: the sum of each record's values after the operation;
  // field[0] and field[n + 1]: the halo from the neighbours.
  int m = n, left = (rank + size - 1) % size, right = (rank + 1) % size;
  double *field = (double *)calloc(m + 2, sizeof(double));
  double local_sum = 0, mine[2] = {0, 0}, want[2] = {0, 0};
  int halo_device = -1, halo_staged = -1;
#pragma omp target data map(tofrom : recs[0 : n]) map(alloc : field[0 : m + 2])
  {
#pragma omp target teams distribute parallel for map(alloc : recs[0 : n])    \
    map(alloc : field[0 : m + 2]) map(to : op)
    for (int i = 0; i < n; i++) {
      double s = 0;
      for (int j = 0; j < recs[i].len; j++)
        s += recs[i].val[j] = op(recs[i].val[j]);
      field[i + 1] = s;
    }

    // What the halo must hold: the host reckons its own border cells from
    // the records as they were, and the ring passes them round.
    for (int k = 0; k < 2 && n > 0; k++) {
      const record *r = &recs[k ? n - 1 : 0];
      for (int j = 0; j < r->len; j++)
        mine[k] += expected(rank % NUM_OPS, initial(r, j));
    }
    MPI_Sendrecv(&mine[1], 1, MPI_DOUBLE, right, 2, &want[0], 1, MPI_DOUBLE,
                 left, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(&mine[0], 1, MPI_DOUBLE, left, 3, &want[1], 1, MPI_DOUBLE,
                 right, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (strcmp(halo, "staged"))
      halo_device = halo_ok(halo_device_addr, field, m, left, right, want);
    if (strcmp(halo, "device"))
      halo_staged = halo_ok(halo_host_staged, field, m, left, right, want);

    // A three-point stencil over the field, halo included, summed.
#pragma omp target teams distribute parallel for reduction(+ : local_sum)    \
    map(alloc : field[0 : m + 2])
    for (int i = 1; i <= m; i++)
      local_sum += field[i - 1] + field[i] + field[i + 1];
  }
#pragma omp target update from(device_calls)

  // The host's own reckoning: every value that came back, and the stencil's
  // sum, 3 times the field's less its two border cells plus the halo.
  double field_sum = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < recs[i].len; j++) {
      fail |= recs[i].val[j] != expected(rank % NUM_OPS, initial(&recs[i], j));
      field_sum += recs[i].val[j];
    }
  fail |= local_sum != 3 * field_sum - mine[0] - mine[1] + want[0] + want[1];
  int ok = !fail && device_calls == values && halo_device != 0 &&
           halo_staged != 0;

  char line[LINE];
  snprintf(line, LINE,
           "rank %d of %d: device %d of %d (node rank %d), %d records, "
           "%ld values, op %s, %ld device calls, halo device-addr %s, "
           "host-staged %s, stencil sum %.0f: %s",
           rank, size, dev, devices, local, n, values, op_names[rank % NUM_OPS],
           device_calls, halo_device < 0 ? "skipped" : halo_device ? "ok" : "WRONG",
           halo_staged < 0 ? "skipped" : halo_staged ? "ok" : "WRONG",
           local_sum, ok ? "ok" : "WRONG");
  char *lines = rank == 0 ? (char *)malloc((size_t)size * LINE) : NULL;
  MPI_Gather(line, LINE, MPI_CHAR, lines, LINE, MPI_CHAR, 0, MPI_COMM_WORLD);

  long counts[3] = {n, values, device_calls}, all[3];
  double sums[1] = {local_sum}, all_sums[1];
  int all_ok;
  MPI_Reduce(counts, all, 3, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
  MPI_Reduce(sums, all_sums, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
  if (rank == 0) {
    for (int r = 0; r < size; r++)
      printf("%s\n", lines + (size_t)r * LINE);
    printf("all ranks: %ld records, %ld device calls of %ld values, stencil "
           "sum %.0f\n%s\n", all[0], all[2], all[1], all_sums[0],
           all_ok && all[0] == total ? "PASS" : "FAIL");
    free(lines);
  }
  for (int i = 0; i < n; i++)
    free(recs[i].val);
  free(recs);
  free(field);
  MPI_Finalize();
  return all_ok ? 0 : 1;
}
