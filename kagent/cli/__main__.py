from kagent.cli.app import main

main()
