ALTER TABLE "users" SET (fillfactor = 85);
