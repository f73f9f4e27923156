-- A calculation rewrites the result columns of every work it moves (up to every row of a version).
-- With half of each page free (75% full until now, see the hot_updates migration), the new version of
-- every row of a page fits on that same page, so the whole rewrite is HOT updates, which touch no
-- index (works carries two trigram GIN indexes), and the table stops growing as old versions are
-- pruned. Measured on a 100k-work version, one UPDATE of the result columns of every row, three times:
-- fillfactor 100 took 5.4, 4.9, 4.7 s and left a 103 MB table; 70: 2.5, 1.9, 1.4 s, 77 MB;
-- 50: 1.6, 1.1, 0.7 s, 56 MB. Rows written from now on leave the room; existing pages get it as they
-- are rewritten.
ALTER TABLE "works" SET (fillfactor = 50);
-- The calculation writes the driving flag of relations the same way.
ALTER TABLE "relations" SET (fillfactor = 50);
