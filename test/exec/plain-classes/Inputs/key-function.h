// A class in a plain `declare target` block whose key function (its first
// non-inline virtual function) Inputs/key-function-b.cpp defines: that unit
// emits the vtables and registers them.
#pragma omp begin declare target
extern int dev_calls;
struct Sensor {
  virtual double read() const; // the key function
  virtual ~Sensor() {}
};
struct Probe : Sensor {
  double read() const override; // the key function of Probe
};
#pragma omp end declare target
