# ompflang: the modules of omp-indirect-flang-scan (see that script).
