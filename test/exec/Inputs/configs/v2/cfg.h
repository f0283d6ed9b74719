// Configuration 2 of configured-unit.c (same-source-three-configs.test).
#define CFG_NAME(x) x##_v2
#define CFG_SCALE 20
