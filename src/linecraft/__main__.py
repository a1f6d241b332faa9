from linecraft.cli import main

raise SystemExit(main())
