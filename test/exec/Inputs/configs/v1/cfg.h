// Configuration 1 of configured-unit.c (same-source-three-configs.test).
#define CFG_NAME(x) x##_v1
#define CFG_SCALE 10
