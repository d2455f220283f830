//⌄ enclosing_range_start codemap kotlin-maven kshop . `build.gradle.kts`/
  plugins {
// definition codemap kotlin-maven kshop . `build.gradle.kts`/
//kind File
      kotlin("jvm") version "2.2.0"
  }
  
  group = "com.acme"
  version = "1.0.0"
  
//⌃ enclosing_range_end codemap kotlin-maven kshop . `build.gradle.kts`/
