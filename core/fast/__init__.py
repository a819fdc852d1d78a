"""Speed, behind the walk: short steps over whole columns, the bulk merge, GC pausing, the disk
cache.
"""
