CREATE TABLE "second_factor_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "second_factor_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"locks_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "second_factor_attempts" ADD CONSTRAINT "second_factor_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "second_factor_attempts_user_idx" ON "second_factor_attempts" USING btree ("user_id","attempted_at");