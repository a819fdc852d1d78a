"""Training BPE: corpus reading, the configuration, the trainer."""
